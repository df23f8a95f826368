from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_template import CreateTemplate
from ...models.error_body import ErrorBody
from ...models.template_created_response import TemplateCreatedResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateTemplate | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/templates",
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | TemplateCreatedResponse | None:
    if response.status_code == 201:
        response_201 = TemplateCreatedResponse.from_dict(response.json())

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
) -> Response[ErrorBody | TemplateCreatedResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateTemplate | Unset = UNSET,
) -> Response[ErrorBody | TemplateCreatedResponse]:
    """Create a custom template; `forkFrom` copies scenes, data slots, defaults and tags

     (unless given) from a built-in slug or a template id the caller can read.

    Args:
        body (CreateTemplate | Unset): POST /api/templates body. With `forkFrom`, omitted content
            comes from the base.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | TemplateCreatedResponse]
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
    body: CreateTemplate | Unset = UNSET,
) -> ErrorBody | TemplateCreatedResponse | None:
    """Create a custom template; `forkFrom` copies scenes, data slots, defaults and tags

     (unless given) from a built-in slug or a template id the caller can read.

    Args:
        body (CreateTemplate | Unset): POST /api/templates body. With `forkFrom`, omitted content
            comes from the base.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | TemplateCreatedResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateTemplate | Unset = UNSET,
) -> Response[ErrorBody | TemplateCreatedResponse]:
    """Create a custom template; `forkFrom` copies scenes, data slots, defaults and tags

     (unless given) from a built-in slug or a template id the caller can read.

    Args:
        body (CreateTemplate | Unset): POST /api/templates body. With `forkFrom`, omitted content
            comes from the base.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | TemplateCreatedResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CreateTemplate | Unset = UNSET,
) -> ErrorBody | TemplateCreatedResponse | None:
    """Create a custom template; `forkFrom` copies scenes, data slots, defaults and tags

     (unless given) from a built-in slug or a template id the caller can read.

    Args:
        body (CreateTemplate | Unset): POST /api/templates body. With `forkFrom`, omitted content
            comes from the base.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | TemplateCreatedResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
