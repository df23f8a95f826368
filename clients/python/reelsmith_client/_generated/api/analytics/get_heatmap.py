from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.heatmap_response import HeatmapResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    batch_id: str,
    *,
    variant_id: None | str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_variant_id: None | str | Unset
    if isinstance(variant_id, Unset):
        json_variant_id = UNSET
    else:
        json_variant_id = variant_id
    params["variantId"] = json_variant_id

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/analytics/campaign/{batch_id}/heatmap".format(
            batch_id=quote(str(batch_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | HeatmapResponse | None:
    if response.status_code == 200:
        response_200 = HeatmapResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorBody.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ErrorBody.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ErrorBody.from_dict(response.json())

        return response_404

    if response.status_code == 429:
        response_429 = ErrorBody.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorBody | HeatmapResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    batch_id: str,
    *,
    client: AuthenticatedClient,
    variant_id: None | str | Unset = UNSET,
) -> Response[ErrorBody | HeatmapResponse]:
    """Per template scene: the share of viewing sessions that started the video and entered

     the scene, counting only sessions whose video has the scene (skipped or disabled scenes do
    not count against it). `totalViews`: sessions that started the video.

    Args:
        batch_id (str):
        variant_id (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | HeatmapResponse]
    """

    kwargs = _get_kwargs(
        batch_id=batch_id,
        variant_id=variant_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    batch_id: str,
    *,
    client: AuthenticatedClient,
    variant_id: None | str | Unset = UNSET,
) -> ErrorBody | HeatmapResponse | None:
    """Per template scene: the share of viewing sessions that started the video and entered

     the scene, counting only sessions whose video has the scene (skipped or disabled scenes do
    not count against it). `totalViews`: sessions that started the video.

    Args:
        batch_id (str):
        variant_id (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | HeatmapResponse
    """

    return sync_detailed(
        batch_id=batch_id,
        client=client,
        variant_id=variant_id,
    ).parsed


async def asyncio_detailed(
    batch_id: str,
    *,
    client: AuthenticatedClient,
    variant_id: None | str | Unset = UNSET,
) -> Response[ErrorBody | HeatmapResponse]:
    """Per template scene: the share of viewing sessions that started the video and entered

     the scene, counting only sessions whose video has the scene (skipped or disabled scenes do
    not count against it). `totalViews`: sessions that started the video.

    Args:
        batch_id (str):
        variant_id (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | HeatmapResponse]
    """

    kwargs = _get_kwargs(
        batch_id=batch_id,
        variant_id=variant_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    batch_id: str,
    *,
    client: AuthenticatedClient,
    variant_id: None | str | Unset = UNSET,
) -> ErrorBody | HeatmapResponse | None:
    """Per template scene: the share of viewing sessions that started the video and entered

     the scene, counting only sessions whose video has the scene (skipped or disabled scenes do
    not count against it). `totalViews`: sessions that started the video.

    Args:
        batch_id (str):
        variant_id (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | HeatmapResponse
    """

    return (
        await asyncio_detailed(
            batch_id=batch_id,
            client=client,
            variant_id=variant_id,
        )
    ).parsed
