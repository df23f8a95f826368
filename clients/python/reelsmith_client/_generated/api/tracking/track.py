from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.track_request import TrackRequest
from ...models.track_response import TrackResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: TrackRequest | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/track",
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | TrackResponse | None:
    if response.status_code == 200:
        response_200 = TrackResponse.from_dict(response.json())

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
) -> Response[ErrorBody | TrackResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: TrackRequest | Unset = UNSET,
) -> Response[ErrorBody | TrackResponse]:
    """Record a viewer event (SPEC 4.8, 6.2). No auth; JSON sent as application/json or

     text/plain; CORS open. Unknown event or oversized metadata: 400; unknown, unfinished or
    deleted video: 404. Only a session the server signed counts (`metadata.sessionId`, from
    the player page or POST /api/track/session); other beacons answer 200 with
    `counted: false` and nothing is stored. Repeated beacons (same video, session, event and
    scene), bots and a session's beacons past the cap answer 200 and are not counted.

    Args:
        body (TrackRequest | Unset): POST /api/track: `videoId` is the render job id;
            `metadata.sessionId` names the viewing
            session (one per page view); `metadata.sceneIndex` the scene of `scene_entered`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | TrackResponse]
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
    body: TrackRequest | Unset = UNSET,
) -> ErrorBody | TrackResponse | None:
    """Record a viewer event (SPEC 4.8, 6.2). No auth; JSON sent as application/json or

     text/plain; CORS open. Unknown event or oversized metadata: 400; unknown, unfinished or
    deleted video: 404. Only a session the server signed counts (`metadata.sessionId`, from
    the player page or POST /api/track/session); other beacons answer 200 with
    `counted: false` and nothing is stored. Repeated beacons (same video, session, event and
    scene), bots and a session's beacons past the cap answer 200 and are not counted.

    Args:
        body (TrackRequest | Unset): POST /api/track: `videoId` is the render job id;
            `metadata.sessionId` names the viewing
            session (one per page view); `metadata.sceneIndex` the scene of `scene_entered`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | TrackResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: TrackRequest | Unset = UNSET,
) -> Response[ErrorBody | TrackResponse]:
    """Record a viewer event (SPEC 4.8, 6.2). No auth; JSON sent as application/json or

     text/plain; CORS open. Unknown event or oversized metadata: 400; unknown, unfinished or
    deleted video: 404. Only a session the server signed counts (`metadata.sessionId`, from
    the player page or POST /api/track/session); other beacons answer 200 with
    `counted: false` and nothing is stored. Repeated beacons (same video, session, event and
    scene), bots and a session's beacons past the cap answer 200 and are not counted.

    Args:
        body (TrackRequest | Unset): POST /api/track: `videoId` is the render job id;
            `metadata.sessionId` names the viewing
            session (one per page view); `metadata.sceneIndex` the scene of `scene_entered`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | TrackResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: TrackRequest | Unset = UNSET,
) -> ErrorBody | TrackResponse | None:
    """Record a viewer event (SPEC 4.8, 6.2). No auth; JSON sent as application/json or

     text/plain; CORS open. Unknown event or oversized metadata: 400; unknown, unfinished or
    deleted video: 404. Only a session the server signed counts (`metadata.sessionId`, from
    the player page or POST /api/track/session); other beacons answer 200 with
    `counted: false` and nothing is stored. Repeated beacons (same video, session, event and
    scene), bots and a session's beacons past the cap answer 200 and are not counted.

    Args:
        body (TrackRequest | Unset): POST /api/track: `videoId` is the render job id;
            `metadata.sessionId` names the viewing
            session (one per page view); `metadata.sceneIndex` the scene of `scene_entered`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | TrackResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
