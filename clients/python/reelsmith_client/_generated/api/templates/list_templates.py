from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.list_templates_builtin import ListTemplatesBuiltin
from ...models.template_list_response import TemplateListResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    built_in: ListTemplatesBuiltin | Unset = ListTemplatesBuiltin.TRUE,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_built_in: str | Unset = UNSET
    if not isinstance(built_in, Unset):
        json_built_in = built_in.value

    params["builtIn"] = json_built_in

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/templates",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | TemplateListResponse | None:
    if response.status_code == 200:
        response_200 = TemplateListResponse.from_dict(response.json())

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
) -> Response[ErrorBody | TemplateListResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    built_in: ListTemplatesBuiltin | Unset = ListTemplatesBuiltin.TRUE,
) -> Response[ErrorBody | TemplateListResponse]:
    """Built-in templates (unless `builtIn=false`) followed by the caller's own templates.


    No key: built-ins only. With a key (templates:read): also the account's custom templates,
    newest first. Other accounts' public or unlisted templates are read by id, not listed.

    Args:
        built_in (ListTemplatesBuiltin | Unset):  Default: ListTemplatesBuiltin.TRUE.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | TemplateListResponse]
    """

    kwargs = _get_kwargs(
        built_in=built_in,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    built_in: ListTemplatesBuiltin | Unset = ListTemplatesBuiltin.TRUE,
) -> ErrorBody | TemplateListResponse | None:
    """Built-in templates (unless `builtIn=false`) followed by the caller's own templates.


    No key: built-ins only. With a key (templates:read): also the account's custom templates,
    newest first. Other accounts' public or unlisted templates are read by id, not listed.

    Args:
        built_in (ListTemplatesBuiltin | Unset):  Default: ListTemplatesBuiltin.TRUE.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | TemplateListResponse
    """

    return sync_detailed(
        client=client,
        built_in=built_in,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    built_in: ListTemplatesBuiltin | Unset = ListTemplatesBuiltin.TRUE,
) -> Response[ErrorBody | TemplateListResponse]:
    """Built-in templates (unless `builtIn=false`) followed by the caller's own templates.


    No key: built-ins only. With a key (templates:read): also the account's custom templates,
    newest first. Other accounts' public or unlisted templates are read by id, not listed.

    Args:
        built_in (ListTemplatesBuiltin | Unset):  Default: ListTemplatesBuiltin.TRUE.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | TemplateListResponse]
    """

    kwargs = _get_kwargs(
        built_in=built_in,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    built_in: ListTemplatesBuiltin | Unset = ListTemplatesBuiltin.TRUE,
) -> ErrorBody | TemplateListResponse | None:
    """Built-in templates (unless `builtIn=false`) followed by the caller's own templates.


    No key: built-ins only. With a key (templates:read): also the account's custom templates,
    newest first. Other accounts' public or unlisted templates are read by id, not listed.

    Args:
        built_in (ListTemplatesBuiltin | Unset):  Default: ListTemplatesBuiltin.TRUE.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | TemplateListResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            built_in=built_in,
        )
    ).parsed
