from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.rule_body import RuleBody
from ...models.rule_response import RuleResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: RuleBody | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/triggers",
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | RuleResponse | None:
    if response.status_code == 201:
        response_201 = RuleResponse.from_dict(response.json())

        return response_201

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
) -> Response[ErrorBody | RuleResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: RuleBody | Unset = UNSET,
) -> Response[ErrorBody | RuleResponse]:
    """Create a trigger rule, checked against its template (400 naming what is missing).

    Args:
        body (RuleBody | Unset): POST /api/triggers (SPEC 4.7, plus `enabled`,
            `email`/`sms`/`webhook` settings and
            `dataMapping`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | RuleResponse]
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
    client: AuthenticatedClient,
    body: RuleBody | Unset = UNSET,
) -> ErrorBody | RuleResponse | None:
    """Create a trigger rule, checked against its template (400 naming what is missing).

    Args:
        body (RuleBody | Unset): POST /api/triggers (SPEC 4.7, plus `enabled`,
            `email`/`sms`/`webhook` settings and
            `dataMapping`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | RuleResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: RuleBody | Unset = UNSET,
) -> Response[ErrorBody | RuleResponse]:
    """Create a trigger rule, checked against its template (400 naming what is missing).

    Args:
        body (RuleBody | Unset): POST /api/triggers (SPEC 4.7, plus `enabled`,
            `email`/`sms`/`webhook` settings and
            `dataMapping`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | RuleResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: RuleBody | Unset = UNSET,
) -> ErrorBody | RuleResponse | None:
    """Create a trigger rule, checked against its template (400 naming what is missing).

    Args:
        body (RuleBody | Unset): POST /api/triggers (SPEC 4.7, plus `enabled`,
            `email`/`sms`/`webhook` settings and
            `dataMapping`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | RuleResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
