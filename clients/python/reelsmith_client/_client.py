"""`Client` (blocking) and `AsyncClient` (asyncio): the API by resource, snake_case in
Python, the SPEC's camelCase on the wire, the generated models out."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import httpx

from reelsmith_client import _calls
from reelsmith_client._generated import models
from reelsmith_client._http import Answer, AsyncTransport, Call, Config, SyncTransport
from reelsmith_client._render import AsyncRender, Render

MappingCallback = Callable[[dict[str, str | None]], Any]


def _replayed(answer: Answer) -> bool:
    return answer.headers.get("Idempotent-Replayed") == "true"


class Client:
    """The reelsmith API. `Client()` reads REELSMITH_API_KEY and REELSMITH_URL;
    `Client(api_key=..., base_url=...)` takes them as given. Use as a context manager or
    call `close()`."""

    def __init__(
        self,
        api_key: str | None = None,
        base_url: str | None = None,
        *,
        timeout: float = 30.0,
        max_retries: int = 4,
        http_client: httpx.Client | None = None,
    ) -> None:
        self._config = Config.resolve(api_key, base_url, timeout, max_retries)
        self._transport = SyncTransport(self._config, http_client)
        self.renders = Renders(self)
        self.batches = Batches(self)
        self.billing = Billing(self)
        self.webhooks = Webhooks(self)
        self.analytics = Analytics(self)

    def request(self, method: str, path: str, **kwargs: Any) -> Any:
        """Any endpoint: `client.request("GET", "/api/templates")`; returns the JSON body."""
        return self._send(Call(method.upper(), path, **kwargs)).body

    def _send(self, call: Call) -> Answer:
        return self._transport.send(call)

    def close(self) -> None:
        self._transport.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _Part:
    def __init__(self, client: Any) -> None:
        self._client = client


class Renders(_Part):
    def create(
        self,
        template_id: str,
        data: dict[str, Any] | None = None,
        *,
        output: dict[str, Any] | None = None,
        brand: dict[str, Any] | None = None,
        audio: dict[str, Any] | None = None,
        scenes: list[dict[str, Any]] | None = None,
        project_id: str | None = None,
        idempotency_key: str | None = None,
    ) -> Render:
        """Queue one render (1 credit); `.wait()` on the answer waits for the video."""
        call = _calls.create_render(
            template_id, data, idempotency_key,
            output=output, brand=brand, audio=audio, scenes=scenes, project_id=project_id,
        )  # fmt: skip
        answer = self._client._send(call)
        created = models.RenderCreated.from_dict(answer.body)
        return Render(self._client, created=created, replayed=_replayed(answer))

    def get(self, job_id: str) -> Render:
        job = models.JobStatusResponse.from_dict(self._client._send(_calls.get_render(job_id)).body)
        return Render(self._client, job=job)

    def delete(self, job_id: str) -> models.DeleteResult:
        return models.DeleteResult.from_dict(self._client._send(_calls.delete_render(job_id)).body)


class Batches(_Part):
    def create(
        self,
        template_id: str,
        headers: list[str],
        rows: list[list[Any]],
        *,
        idempotency_key: str | None = None,
        **options: Any,
    ) -> models.BatchCreated:
        """One render per row; headers are matched to the template's data slots by the API
        (key, label, aliases; fuzzy). The answer's `mapping` says which header went where."""
        call = _calls.create_batch(template_id, headers, rows, idempotency_key, **_opts(options))
        return models.BatchCreated.from_dict(self._client._send(call).body)

    def create_from_csv(
        self,
        path: str | Path,
        template_id: str,
        *,
        idempotency_key: str | None = None,
        on_mapping: MappingCallback | None = None,
        **options: Any,
    ) -> models.BatchCreated | None:
        """A batch from a CSV file (first row: headers).

        With `on_mapping`, the batch is checked first (`check`: nothing charged) and
        `on_mapping(mapping)` is called with the API's column mapping ({header: slot key or
        None}) before anything is submitted; when it returns False the batch is not created
        and None is returned."""
        headers, rows = _calls.read_csv(path)
        if on_mapping is not None:
            checked = self.check(template_id, headers, rows, **options)
            if on_mapping(checked.get("mapping") or {}) is False:
                return None
        return self.create(template_id, headers, rows, idempotency_key=idempotency_key, **options)

    def check(
        self, template_id: str, headers: list[str], rows: list[list[Any]], **options: Any
    ) -> dict[str, Any]:
        """The batch's dry run: per-row `results` with `warnings` (data, limits, glyphs,
        text_fit), the column `mapping` and the cost (`creditsNeeded`); nothing is charged,
        created or queued."""
        call = _calls.check_batch(template_id, headers, rows, **_opts(options))
        return dict(self._client._send(call).body)

    def get(self, batch_id: str) -> models.BatchStatusResponse:
        return models.BatchStatusResponse.from_dict(
            self._client._send(_calls.get_batch(batch_id)).body
        )

    def renders(self, batch_id: str) -> Iterator[models.BatchJobEntry]:
        """The batch's renders, one entry per row."""
        yield from self.get(batch_id).jobs


class Billing(_Part):
    def get(self) -> models.BillingResponse:
        return models.BillingResponse.from_dict(
            self._client._send(_calls.ledger_page(1, None)).body
        )

    def ledger(self, page_size: int = 50) -> Iterator[models.UsageEntry]:
        """Every ledger entry, newest first, fetching page after page."""
        cursor: str | None = None
        while True:
            page = self._client._send(_calls.ledger_page(page_size, cursor)).body
            yield from (models.UsageEntry.from_dict(e) for e in page["usage"])
            cursor = page.get("nextCursor")
            if not cursor:
                return


class Webhooks(_Part):
    def create(
        self,
        url: str,
        events: list[str],
        description: str = "",
    ) -> models.CreatedWebhookResponse:
        """A webhook endpoint; the answer's `webhook.secret` is shown this once. Not sent
        again after a lost connection (the API keeps no idempotency key for it)."""
        call = _calls.create_webhook(url, events, description)
        return models.CreatedWebhookResponse.from_dict(self._client._send(call).body)

    def list(self) -> models.WebhookListResponse:
        body = self._client._send(Call("GET", "/api/webhooks")).body
        return models.WebhookListResponse.from_dict(body)

    def delete(self, webhook_id: str) -> None:
        self._client._send(Call("DELETE", f"/api/webhooks/{webhook_id}"))

    def test(self, webhook_id: str) -> models.TestResponse:
        body = self._client._send(_calls.test_webhook(webhook_id)).body
        return models.TestResponse.from_dict(body)

    def deliveries(self, webhook_id: str, page_size: int = 50) -> Iterator[models.DeliveryOut]:
        """Every delivery to the endpoint, newest first, page after page."""
        page = 1
        while True:
            body = self._client._send(_calls.deliveries_page(webhook_id, page, page_size)).body
            yield from (models.DeliveryOut.from_dict(d) for d in body["deliveries"])
            if page * page_size >= body["total"] or not body["deliveries"]:
                return
            page += 1


class Analytics(_Part):
    def recipients(self, batch_id: str, page_size: int = 100) -> Iterator[models.RecipientRow]:
        """Every recipient of a campaign (batch) with their engagement, page after page."""
        cursor: str | None = None
        while True:
            call = _calls.recipients_page(batch_id, page_size, cursor)
            body = self._client._send(call).body
            yield from (models.RecipientRow.from_dict(r) for r in body["recipients"])
            cursor = body.get("nextCursor")
            if not cursor:
                return


def _opts(options: dict[str, Any]) -> dict[str, Any]:
    known = {"output", "brand", "audio", "scenes", "project_id", "variants", "primary_metric"}
    unknown = set(options) - known
    if unknown:
        raise TypeError(f"unexpected options: {', '.join(sorted(unknown))}")
    return {k: options.get(k) for k in known}


# ---- asyncio ----


class AsyncClient:
    """As `Client`, for asyncio: every call is awaited, lists are async iterators."""

    def __init__(
        self,
        api_key: str | None = None,
        base_url: str | None = None,
        *,
        timeout: float = 30.0,
        max_retries: int = 4,
        http_client: httpx.AsyncClient | None = None,
    ) -> None:
        self._config = Config.resolve(api_key, base_url, timeout, max_retries)
        self._transport = AsyncTransport(self._config, http_client)
        self.renders = AsyncRenders(self)
        self.batches = AsyncBatches(self)
        self.billing = AsyncBilling(self)
        self.webhooks = AsyncWebhooks(self)
        self.analytics = AsyncAnalytics(self)

    async def request(self, method: str, path: str, **kwargs: Any) -> Any:
        return (await self._send(Call(method.upper(), path, **kwargs))).body

    async def _send(self, call: Call) -> Answer:
        return await self._transport.send(call)

    async def close(self) -> None:
        await self._transport.close()

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()


class AsyncRenders(_Part):
    async def create(
        self,
        template_id: str,
        data: dict[str, Any] | None = None,
        *,
        output: dict[str, Any] | None = None,
        brand: dict[str, Any] | None = None,
        audio: dict[str, Any] | None = None,
        scenes: list[dict[str, Any]] | None = None,
        project_id: str | None = None,
        idempotency_key: str | None = None,
    ) -> AsyncRender:
        call = _calls.create_render(
            template_id, data, idempotency_key,
            output=output, brand=brand, audio=audio, scenes=scenes, project_id=project_id,
        )  # fmt: skip
        answer = await self._client._send(call)
        created = models.RenderCreated.from_dict(answer.body)
        return AsyncRender(self._client, created=created, replayed=_replayed(answer))

    async def get(self, job_id: str) -> AsyncRender:
        body = (await self._client._send(_calls.get_render(job_id))).body
        return AsyncRender(self._client, job=models.JobStatusResponse.from_dict(body))

    async def delete(self, job_id: str) -> models.DeleteResult:
        body = (await self._client._send(_calls.delete_render(job_id))).body
        return models.DeleteResult.from_dict(body)


class AsyncBatches(_Part):
    async def create(
        self,
        template_id: str,
        headers: list[str],
        rows: list[list[Any]],
        *,
        idempotency_key: str | None = None,
        **options: Any,
    ) -> models.BatchCreated:
        call = _calls.create_batch(template_id, headers, rows, idempotency_key, **_opts(options))
        return models.BatchCreated.from_dict((await self._client._send(call)).body)

    async def create_from_csv(
        self,
        path: str | Path,
        template_id: str,
        *,
        idempotency_key: str | None = None,
        on_mapping: MappingCallback | None = None,
        **options: Any,
    ) -> models.BatchCreated | None:
        """As `Batches.create_from_csv`: with `on_mapping`, checked first and not created when
        it returns False."""
        headers, rows = _calls.read_csv(path)
        if on_mapping is not None:
            checked = await self.check(template_id, headers, rows, **options)
            if on_mapping(checked.get("mapping") or {}) is False:
                return None
        return await self.create(
            template_id, headers, rows, idempotency_key=idempotency_key, **options
        )

    async def check(
        self, template_id: str, headers: list[str], rows: list[list[Any]], **options: Any
    ) -> dict[str, Any]:
        """As `Batches.check`: the dry run, nothing charged."""
        call = _calls.check_batch(template_id, headers, rows, **_opts(options))
        return dict((await self._client._send(call)).body)

    async def get(self, batch_id: str) -> models.BatchStatusResponse:
        body = (await self._client._send(_calls.get_batch(batch_id))).body
        return models.BatchStatusResponse.from_dict(body)


class AsyncBilling(_Part):
    async def get(self) -> models.BillingResponse:
        body = (await self._client._send(_calls.ledger_page(1, None))).body
        return models.BillingResponse.from_dict(body)

    async def ledger(self, page_size: int = 50) -> AsyncIterator[models.UsageEntry]:
        cursor: str | None = None
        while True:
            page = (await self._client._send(_calls.ledger_page(page_size, cursor))).body
            for entry in page["usage"]:
                yield models.UsageEntry.from_dict(entry)
            cursor = page.get("nextCursor")
            if not cursor:
                return


class AsyncWebhooks(_Part):
    async def create(
        self,
        url: str,
        events: list[str],
        description: str = "",
    ) -> models.CreatedWebhookResponse:
        call = _calls.create_webhook(url, events, description)
        return models.CreatedWebhookResponse.from_dict((await self._client._send(call)).body)

    async def delete(self, webhook_id: str) -> None:
        await self._client._send(Call("DELETE", f"/api/webhooks/{webhook_id}"))

    async def test(self, webhook_id: str) -> models.TestResponse:
        body = (await self._client._send(_calls.test_webhook(webhook_id))).body
        return models.TestResponse.from_dict(body)

    async def deliveries(
        self, webhook_id: str, page_size: int = 50
    ) -> AsyncIterator[models.DeliveryOut]:
        page = 1
        while True:
            call = _calls.deliveries_page(webhook_id, page, page_size)
            body = (await self._client._send(call)).body
            for delivery in body["deliveries"]:
                yield models.DeliveryOut.from_dict(delivery)
            if page * page_size >= body["total"] or not body["deliveries"]:
                return
            page += 1


class AsyncAnalytics(_Part):
    async def recipients(
        self, batch_id: str, page_size: int = 100
    ) -> AsyncIterator[models.RecipientRow]:
        cursor: str | None = None
        while True:
            body = (
                await self._client._send(_calls.recipients_page(batch_id, page_size, cursor))
            ).body
            for row in body["recipients"]:
                yield models.RecipientRow.from_dict(row)
            cursor = body.get("nextCursor")
            if not cursor:
                return
