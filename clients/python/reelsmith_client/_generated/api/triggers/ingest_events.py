from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.ingest_body import IngestBody
from ...models.ingest_response import IngestResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: IngestBody | Unset = UNSET,
    dry_run: bool | Unset = False,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    params: dict[str, Any] = {}

    params["dryRun"] = dry_run

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/events/ingest",
        "params": params,
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | IngestResponse | None:
    if response.status_code == 200:
        response_200 = IngestResponse.from_dict(response.json())

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
) -> Response[ErrorBody | IngestResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: IngestBody | Unset = UNSET,
    dry_run: bool | Unset = False,
) -> Response[ErrorBody | IngestResponse]:
    """Check up to 100 events against every enabled rule; each match charges 1 credit and

     queues a render. Per-event problems are counted in `errors` (and recorded on the
    execution), never a failed call. `eventId` per event and the `Idempotency-Key` header
    make a retried call render and charge nothing twice; `?dryRun=true` answers per event
    what would happen and changes nothing.

    Args:
        dry_run (bool | Unset):  Default: False.
        body (IngestBody | Unset): POST /api/events/ingest. Events are checked one by one (a bad
            event is counted in
            `errors`, not a 400); only the envelope is validated here.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | IngestResponse]
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
    body: IngestBody | Unset = UNSET,
    dry_run: bool | Unset = False,
) -> ErrorBody | IngestResponse | None:
    """Check up to 100 events against every enabled rule; each match charges 1 credit and

     queues a render. Per-event problems are counted in `errors` (and recorded on the
    execution), never a failed call. `eventId` per event and the `Idempotency-Key` header
    make a retried call render and charge nothing twice; `?dryRun=true` answers per event
    what would happen and changes nothing.

    Args:
        dry_run (bool | Unset):  Default: False.
        body (IngestBody | Unset): POST /api/events/ingest. Events are checked one by one (a bad
            event is counted in
            `errors`, not a 400); only the envelope is validated here.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | IngestResponse
    """

    return sync_detailed(
        client=client,
        body=body,
        dry_run=dry_run,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: IngestBody | Unset = UNSET,
    dry_run: bool | Unset = False,
) -> Response[ErrorBody | IngestResponse]:
    """Check up to 100 events against every enabled rule; each match charges 1 credit and

     queues a render. Per-event problems are counted in `errors` (and recorded on the
    execution), never a failed call. `eventId` per event and the `Idempotency-Key` header
    make a retried call render and charge nothing twice; `?dryRun=true` answers per event
    what would happen and changes nothing.

    Args:
        dry_run (bool | Unset):  Default: False.
        body (IngestBody | Unset): POST /api/events/ingest. Events are checked one by one (a bad
            event is counted in
            `errors`, not a 400); only the envelope is validated here.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | IngestResponse]
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
    body: IngestBody | Unset = UNSET,
    dry_run: bool | Unset = False,
) -> ErrorBody | IngestResponse | None:
    """Check up to 100 events against every enabled rule; each match charges 1 credit and

     queues a render. Per-event problems are counted in `errors` (and recorded on the
    execution), never a failed call. `eventId` per event and the `Idempotency-Key` header
    make a retried call render and charge nothing twice; `?dryRun=true` answers per event
    what would happen and changes nothing.

    Args:
        dry_run (bool | Unset):  Default: False.
        body (IngestBody | Unset): POST /api/events/ingest. Events are checked one by one (a bad
            event is counted in
            `errors`, not a 400); only the envelope is validated here.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | IngestResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            dry_run=dry_run,
        )
    ).parsed
