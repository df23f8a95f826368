from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.batch_created import BatchCreated
from ...models.batch_dry_run import BatchDryRun
from ...models.batch_request import BatchRequest
from ...models.error_body import ErrorBody
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: BatchRequest | Unset = UNSET,
    dry_run: bool | Unset = False,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    params: dict[str, Any] = {}

    params["dryRun"] = dry_run

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/render/batch",
        "params": params,
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BatchCreated | BatchDryRun | ErrorBody | None:
    if response.status_code == 200:

        def _parse_response_200(data: object) -> BatchCreated | BatchDryRun:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_0 = BatchCreated.from_dict(data)

                return response_200_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_1 = BatchDryRun.from_dict(data)

            return response_200_type_1

        response_200 = _parse_response_200(response.json())

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
) -> Response[BatchCreated | BatchDryRun | ErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: BatchRequest | Unset = UNSET,
    dry_run: bool | Unset = False,
) -> Response[BatchCreated | BatchDryRun | ErrorBody]:
    """Queue one render per row (1 credit each). Headers are mapped to data slots by key,

     label and aliases (fuzzy); every row is checked before anything is charged. With
    `"dryRun": true` (or `?dryRun=true`): per-row warnings and the cost, nothing charged,
    created or queued.

    Args:
        dry_run (bool | Unset):  Default: False.
        body (BatchRequest | Unset): POST /api/render/batch: rows match headers by position. With
            `variants`, an A/B
            batch: each row goes to one variant (deterministic, exact counts).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BatchCreated | BatchDryRun | ErrorBody]
    """

    kwargs = _get_kwargs(
        body=body,
        dry_run=dry_run,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: BatchRequest | Unset = UNSET,
    dry_run: bool | Unset = False,
) -> BatchCreated | BatchDryRun | ErrorBody | None:
    """Queue one render per row (1 credit each). Headers are mapped to data slots by key,

     label and aliases (fuzzy); every row is checked before anything is charged. With
    `"dryRun": true` (or `?dryRun=true`): per-row warnings and the cost, nothing charged,
    created or queued.

    Args:
        dry_run (bool | Unset):  Default: False.
        body (BatchRequest | Unset): POST /api/render/batch: rows match headers by position. With
            `variants`, an A/B
            batch: each row goes to one variant (deterministic, exact counts).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BatchCreated | BatchDryRun | ErrorBody
    """

    return sync_detailed(
        client=client,
        body=body,
        dry_run=dry_run,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: BatchRequest | Unset = UNSET,
    dry_run: bool | Unset = False,
) -> Response[BatchCreated | BatchDryRun | ErrorBody]:
    """Queue one render per row (1 credit each). Headers are mapped to data slots by key,

     label and aliases (fuzzy); every row is checked before anything is charged. With
    `"dryRun": true` (or `?dryRun=true`): per-row warnings and the cost, nothing charged,
    created or queued.

    Args:
        dry_run (bool | Unset):  Default: False.
        body (BatchRequest | Unset): POST /api/render/batch: rows match headers by position. With
            `variants`, an A/B
            batch: each row goes to one variant (deterministic, exact counts).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BatchCreated | BatchDryRun | ErrorBody]
    """

    kwargs = _get_kwargs(
        body=body,
        dry_run=dry_run,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: BatchRequest | Unset = UNSET,
    dry_run: bool | Unset = False,
) -> BatchCreated | BatchDryRun | ErrorBody | None:
    """Queue one render per row (1 credit each). Headers are mapped to data slots by key,

     label and aliases (fuzzy); every row is checked before anything is charged. With
    `"dryRun": true` (or `?dryRun=true`): per-row warnings and the cost, nothing charged,
    created or queued.

    Args:
        dry_run (bool | Unset):  Default: False.
        body (BatchRequest | Unset): POST /api/render/batch: rows match headers by position. With
            `variants`, an A/B
            batch: each row goes to one variant (deterministic, exact counts).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BatchCreated | BatchDryRun | ErrorBody
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            dry_run=dry_run,
        )
    ).parsed
