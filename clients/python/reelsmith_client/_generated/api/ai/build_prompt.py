from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.prompt_builder_request import PromptBuilderRequest
from ...models.prompt_builder_response import PromptBuilderResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: PromptBuilderRequest | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/prompt-builder",
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | PromptBuilderResponse | None:
    if response.status_code == 200:
        response_200 = PromptBuilderResponse.from_dict(response.json())

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

    if response.status_code == 502:
        response_502 = ErrorBody.from_dict(response.json())

        return response_502

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorBody | PromptBuilderResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: PromptBuilderRequest | Unset = UNSET,
) -> Response[ErrorBody | PromptBuilderResponse]:
    """Compose scenes from a prompt (`create`) or change the current ones (`edit`).


    The answer is repaired against the primitive catalog and the data slots, so it can be saved
    with POST /api/templates as it is (with `dataSlots`, which adds the slots new scenes need).
    Counts against the tier's daily allowance (free 5, studio 50, enterprise 500).

    Args:
        body (PromptBuilderRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | PromptBuilderResponse]
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
    body: PromptBuilderRequest | Unset = UNSET,
) -> ErrorBody | PromptBuilderResponse | None:
    """Compose scenes from a prompt (`create`) or change the current ones (`edit`).


    The answer is repaired against the primitive catalog and the data slots, so it can be saved
    with POST /api/templates as it is (with `dataSlots`, which adds the slots new scenes need).
    Counts against the tier's daily allowance (free 5, studio 50, enterprise 500).

    Args:
        body (PromptBuilderRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | PromptBuilderResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PromptBuilderRequest | Unset = UNSET,
) -> Response[ErrorBody | PromptBuilderResponse]:
    """Compose scenes from a prompt (`create`) or change the current ones (`edit`).


    The answer is repaired against the primitive catalog and the data slots, so it can be saved
    with POST /api/templates as it is (with `dataSlots`, which adds the slots new scenes need).
    Counts against the tier's daily allowance (free 5, studio 50, enterprise 500).

    Args:
        body (PromptBuilderRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | PromptBuilderResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: PromptBuilderRequest | Unset = UNSET,
) -> ErrorBody | PromptBuilderResponse | None:
    """Compose scenes from a prompt (`create`) or change the current ones (`edit`).


    The answer is repaired against the primitive catalog and the data slots, so it can be saved
    with POST /api/templates as it is (with `dataSlots`, which adds the slots new scenes need).
    Counts against the tier's daily allowance (free 5, studio 50, enterprise 500).

    Args:
        body (PromptBuilderRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | PromptBuilderResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
