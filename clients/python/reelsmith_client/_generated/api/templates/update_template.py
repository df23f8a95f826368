from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.template_response import TemplateResponse
from ...models.update_template import UpdateTemplate
from ...types import UNSET, Response, Unset


def _get_kwargs(
    template_id: str,
    *,
    body: UpdateTemplate | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/templates/{template_id}".format(
            template_id=quote(str(template_id), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | TemplateResponse | None:
    if response.status_code == 200:
        response_200 = TemplateResponse.from_dict(response.json())

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
) -> Response[ErrorBody | TemplateResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    template_id: str,
    *,
    client: AuthenticatedClient,
    body: UpdateTemplate | Unset = UNSET,
) -> Response[ErrorBody | TemplateResponse]:
    """Partial update: only the fields in the body change; `version` is not incremented.

    Args:
        template_id (str):
        body (UpdateTemplate | Unset): PATCH (given fields change) and PUT body (SPEC's fields
            name, description, visibility,
            scenes are replaced, omitted ones reset; the others change only when given).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | TemplateResponse]
    """

    kwargs = _get_kwargs(
        template_id=template_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    template_id: str,
    *,
    client: AuthenticatedClient,
    body: UpdateTemplate | Unset = UNSET,
) -> ErrorBody | TemplateResponse | None:
    """Partial update: only the fields in the body change; `version` is not incremented.

    Args:
        template_id (str):
        body (UpdateTemplate | Unset): PATCH (given fields change) and PUT body (SPEC's fields
            name, description, visibility,
            scenes are replaced, omitted ones reset; the others change only when given).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | TemplateResponse
    """

    return sync_detailed(
        template_id=template_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    template_id: str,
    *,
    client: AuthenticatedClient,
    body: UpdateTemplate | Unset = UNSET,
) -> Response[ErrorBody | TemplateResponse]:
    """Partial update: only the fields in the body change; `version` is not incremented.

    Args:
        template_id (str):
        body (UpdateTemplate | Unset): PATCH (given fields change) and PUT body (SPEC's fields
            name, description, visibility,
            scenes are replaced, omitted ones reset; the others change only when given).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | TemplateResponse]
    """

    kwargs = _get_kwargs(
        template_id=template_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    template_id: str,
    *,
    client: AuthenticatedClient,
    body: UpdateTemplate | Unset = UNSET,
) -> ErrorBody | TemplateResponse | None:
    """Partial update: only the fields in the body change; `version` is not incremented.

    Args:
        template_id (str):
        body (UpdateTemplate | Unset): PATCH (given fields change) and PUT body (SPEC's fields
            name, description, visibility,
            scenes are replaced, omitted ones reset; the others change only when given).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | TemplateResponse
    """

    return (
        await asyncio_detailed(
            template_id=template_id,
            client=client,
            body=body,
        )
    ).parsed
