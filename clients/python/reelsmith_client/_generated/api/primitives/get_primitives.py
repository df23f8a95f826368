from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.get_primitives_status import GetPrimitivesStatus
from ...models.primitives_response import PrimitivesResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    category: None | str | Unset = UNSET,
    status: GetPrimitivesStatus | Unset = GetPrimitivesStatus.PRODUCTION,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_category: None | str | Unset
    if isinstance(category, Unset):
        json_category = UNSET
    else:
        json_category = category
    params["category"] = json_category

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/primitives",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | PrimitivesResponse | None:
    if response.status_code == 200:
        response_200 = PrimitivesResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())

        return response_400

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
) -> Response[ErrorBody | PrimitivesResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    category: None | str | Unset = UNSET,
    status: GetPrimitivesStatus | Unset = GetPrimitivesStatus.PRODUCTION,
) -> Response[ErrorBody | PrimitivesResponse]:
    """The primitive catalog, read from the manifests.


    `status` defaults to `production`; `all` lists every status. `category` filters by one of
    the SPEC categories (case-insensitive). `categories` always lists all nine categories.

    Args:
        category (None | str | Unset):
        status (GetPrimitivesStatus | Unset):  Default: GetPrimitivesStatus.PRODUCTION.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | PrimitivesResponse]
    """

    kwargs = _get_kwargs(
        category=category,
        status=status,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    category: None | str | Unset = UNSET,
    status: GetPrimitivesStatus | Unset = GetPrimitivesStatus.PRODUCTION,
) -> ErrorBody | PrimitivesResponse | None:
    """The primitive catalog, read from the manifests.


    `status` defaults to `production`; `all` lists every status. `category` filters by one of
    the SPEC categories (case-insensitive). `categories` always lists all nine categories.

    Args:
        category (None | str | Unset):
        status (GetPrimitivesStatus | Unset):  Default: GetPrimitivesStatus.PRODUCTION.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | PrimitivesResponse
    """

    return sync_detailed(
        client=client,
        category=category,
        status=status,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    category: None | str | Unset = UNSET,
    status: GetPrimitivesStatus | Unset = GetPrimitivesStatus.PRODUCTION,
) -> Response[ErrorBody | PrimitivesResponse]:
    """The primitive catalog, read from the manifests.


    `status` defaults to `production`; `all` lists every status. `category` filters by one of
    the SPEC categories (case-insensitive). `categories` always lists all nine categories.

    Args:
        category (None | str | Unset):
        status (GetPrimitivesStatus | Unset):  Default: GetPrimitivesStatus.PRODUCTION.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | PrimitivesResponse]
    """

    kwargs = _get_kwargs(
        category=category,
        status=status,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    category: None | str | Unset = UNSET,
    status: GetPrimitivesStatus | Unset = GetPrimitivesStatus.PRODUCTION,
) -> ErrorBody | PrimitivesResponse | None:
    """The primitive catalog, read from the manifests.


    `status` defaults to `production`; `all` lists every status. `category` filters by one of
    the SPEC categories (case-insensitive). `categories` always lists all nine categories.

    Args:
        category (None | str | Unset):
        status (GetPrimitivesStatus | Unset):  Default: GetPrimitivesStatus.PRODUCTION.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | PrimitivesResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            category=category,
            status=status,
        )
    ).parsed
