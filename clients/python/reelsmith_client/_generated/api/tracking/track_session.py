from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.session_request import SessionRequest
from ...models.session_response import SessionResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: SessionRequest | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/track/session",
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | SessionResponse | None:
    if response.status_code == 200:
        response_200 = SessionResponse.from_dict(response.json())

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
) -> Response[ErrorBody | SessionResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SessionRequest | Unset = UNSET,
) -> Response[ErrorBody | SessionResponse]:
    """A signed viewing session for player.js on a page of your own (our player page has one

     already). No auth; JSON as application/json or text/plain; CORS open. 404 for an unknown,
    unfinished or deleted video. A client gets at most
    REELSMITH_TRACK_MAX_SESSIONS_PER_CLIENT_DAY new sessions per video per day; past that, the
    same session again.

    Args:
        body (SessionRequest | Unset): POST /api/track/session: a signed viewing session for this
            video.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | SessionResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: SessionRequest | Unset = UNSET,
) -> ErrorBody | SessionResponse | None:
    """A signed viewing session for player.js on a page of your own (our player page has one

     already). No auth; JSON as application/json or text/plain; CORS open. 404 for an unknown,
    unfinished or deleted video. A client gets at most
    REELSMITH_TRACK_MAX_SESSIONS_PER_CLIENT_DAY new sessions per video per day; past that, the
    same session again.

    Args:
        body (SessionRequest | Unset): POST /api/track/session: a signed viewing session for this
            video.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | SessionResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SessionRequest | Unset = UNSET,
) -> Response[ErrorBody | SessionResponse]:
    """A signed viewing session for player.js on a page of your own (our player page has one

     already). No auth; JSON as application/json or text/plain; CORS open. 404 for an unknown,
    unfinished or deleted video. A client gets at most
    REELSMITH_TRACK_MAX_SESSIONS_PER_CLIENT_DAY new sessions per video per day; past that, the
    same session again.

    Args:
        body (SessionRequest | Unset): POST /api/track/session: a signed viewing session for this
            video.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | SessionResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: SessionRequest | Unset = UNSET,
) -> ErrorBody | SessionResponse | None:
    """A signed viewing session for player.js on a page of your own (our player page has one

     already). No auth; JSON as application/json or text/plain; CORS open. 404 for an unknown,
    unfinished or deleted video. A client gets at most
    REELSMITH_TRACK_MAX_SESSIONS_PER_CLIENT_DAY new sessions per video per day; past that, the
    same session again.

    Args:
        body (SessionRequest | Unset): POST /api/track/session: a signed viewing session for this
            video.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | SessionResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
