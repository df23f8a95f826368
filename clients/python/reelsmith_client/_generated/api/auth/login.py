from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.login_request import LoginRequest
from ...models.login_response import LoginResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: LoginRequest | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/auth/login",
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | LoginResponse | None:
    if response.status_code == 200:
        response_200 = LoginResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorBody.from_dict(response.json())

        return response_401

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
) -> Response[ErrorBody | LoginResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: LoginRequest | Unset = UNSET,
) -> Response[ErrorBody | LoginResponse]:
    """Sign in with email and password; sets the reelsmith_session cookie.


    The cookie (HttpOnly, SameSite=Lax, Secure in production or behind https) authenticates
    the key-management endpoints /api/keys. After 5 failed attempts for one account within
    15 minutes, sign-in for it answers 429 with Retry-After for a time that doubles with each
    further failure.

    Args:
        body (LoginRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | LoginResponse]
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
    body: LoginRequest | Unset = UNSET,
) -> ErrorBody | LoginResponse | None:
    """Sign in with email and password; sets the reelsmith_session cookie.


    The cookie (HttpOnly, SameSite=Lax, Secure in production or behind https) authenticates
    the key-management endpoints /api/keys. After 5 failed attempts for one account within
    15 minutes, sign-in for it answers 429 with Retry-After for a time that doubles with each
    further failure.

    Args:
        body (LoginRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | LoginResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: LoginRequest | Unset = UNSET,
) -> Response[ErrorBody | LoginResponse]:
    """Sign in with email and password; sets the reelsmith_session cookie.


    The cookie (HttpOnly, SameSite=Lax, Secure in production or behind https) authenticates
    the key-management endpoints /api/keys. After 5 failed attempts for one account within
    15 minutes, sign-in for it answers 429 with Retry-After for a time that doubles with each
    further failure.

    Args:
        body (LoginRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | LoginResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: LoginRequest | Unset = UNSET,
) -> ErrorBody | LoginResponse | None:
    """Sign in with email and password; sets the reelsmith_session cookie.


    The cookie (HttpOnly, SameSite=Lax, Secure in production or behind https) authenticates
    the key-management endpoints /api/keys. After 5 failed attempts for one account within
    15 minutes, sign-in for it answers 429 with Retry-After for a time that doubles with each
    further failure.

    Args:
        body (LoginRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | LoginResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
