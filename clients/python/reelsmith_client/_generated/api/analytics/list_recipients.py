from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.list_recipients_format import ListRecipientsFormat
from ...models.recipients_response import RecipientsResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    batch_id: str,
    *,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
    format_: ListRecipientsFormat | Unset = ListRecipientsFormat.JSON,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    json_cursor: None | str | Unset
    if isinstance(cursor, Unset):
        json_cursor = UNSET
    else:
        json_cursor = cursor
    params["cursor"] = json_cursor

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/analytics/campaign/{batch_id}/recipients".format(
            batch_id=quote(str(batch_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | RecipientsResponse | None:
    if response.status_code == 200:
        response_200 = RecipientsResponse.from_dict(response.json())

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
) -> Response[ErrorBody | RecipientsResponse]:
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
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
    format_: ListRecipientsFormat | Unset = ListRecipientsFormat.JSON,
) -> Response[ErrorBody | RecipientsResponse]:
    """Who watched: one row per video of the campaign in row order, with its sessions

     aggregated. Paginated (`limit`, then `nextCursor` as `cursor`); `format=csv` answers every
    recipient as a CSV file (limit and cursor ignored).

    Args:
        batch_id (str):
        limit (int | Unset):  Default: 50.
        cursor (None | str | Unset):
        format_ (ListRecipientsFormat | Unset):  Default: ListRecipientsFormat.JSON.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | RecipientsResponse]
    """

    kwargs = _get_kwargs(
        batch_id=batch_id,
        limit=limit,
        cursor=cursor,
        format_=format_,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    batch_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
    format_: ListRecipientsFormat | Unset = ListRecipientsFormat.JSON,
) -> ErrorBody | RecipientsResponse | None:
    """Who watched: one row per video of the campaign in row order, with its sessions

     aggregated. Paginated (`limit`, then `nextCursor` as `cursor`); `format=csv` answers every
    recipient as a CSV file (limit and cursor ignored).

    Args:
        batch_id (str):
        limit (int | Unset):  Default: 50.
        cursor (None | str | Unset):
        format_ (ListRecipientsFormat | Unset):  Default: ListRecipientsFormat.JSON.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | RecipientsResponse
    """

    return sync_detailed(
        batch_id=batch_id,
        client=client,
        limit=limit,
        cursor=cursor,
        format_=format_,
    ).parsed


async def asyncio_detailed(
    batch_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
    format_: ListRecipientsFormat | Unset = ListRecipientsFormat.JSON,
) -> Response[ErrorBody | RecipientsResponse]:
    """Who watched: one row per video of the campaign in row order, with its sessions

     aggregated. Paginated (`limit`, then `nextCursor` as `cursor`); `format=csv` answers every
    recipient as a CSV file (limit and cursor ignored).

    Args:
        batch_id (str):
        limit (int | Unset):  Default: 50.
        cursor (None | str | Unset):
        format_ (ListRecipientsFormat | Unset):  Default: ListRecipientsFormat.JSON.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | RecipientsResponse]
    """

    kwargs = _get_kwargs(
        batch_id=batch_id,
        limit=limit,
        cursor=cursor,
        format_=format_,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    batch_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
    format_: ListRecipientsFormat | Unset = ListRecipientsFormat.JSON,
) -> ErrorBody | RecipientsResponse | None:
    """Who watched: one row per video of the campaign in row order, with its sessions

     aggregated. Paginated (`limit`, then `nextCursor` as `cursor`); `format=csv` answers every
    recipient as a CSV file (limit and cursor ignored).

    Args:
        batch_id (str):
        limit (int | Unset):  Default: 50.
        cursor (None | str | Unset):
        format_ (ListRecipientsFormat | Unset):  Default: ListRecipientsFormat.JSON.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | RecipientsResponse
    """

    return (
        await asyncio_detailed(
            batch_id=batch_id,
            client=client,
            limit=limit,
            cursor=cursor,
            format_=format_,
        )
    ).parsed
