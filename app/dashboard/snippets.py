"""The first call with a new API key, in curl, Python and TypeScript, shown beside the key's
value on the keys page (the only moment the value is known).

A key that may start and read renders gets the README's render-and-wait; a key that may not
gets a call it can make (the balance with `billing:read`), or the render with a word on which
scopes it lacks, so that a copied snippet never fails without saying why."""

from __future__ import annotations

import json
from dataclasses import dataclass

from app.scopes import scope_allows, stored_scopes

# A built-in template every account sees, with the data it needs (an onboarding welcome: the
# other built-ins need more fields, or a data source).
TEMPLATE = "handshake"
DATA = {"person_name": "Ada", "company_name": "Acme"}
RENDER_SCOPES = ("videos:create", "videos:read")


@dataclass(frozen=True)
class Snippet:
    slug: str  # for element ids: snippet-curl, snippet-python, snippet-typescript
    label: str
    install: str  # where the library comes from, shown above the code
    code: str


@dataclass(frozen=True)
class Snippets:
    title: str
    note: str | None  # why the key cannot run the render, when it cannot
    items: tuple[Snippet, ...]


def for_key(raw: str, scopes: str, base_url: str) -> Snippets:
    granted = stored_scopes(scopes)
    base = base_url.rstrip("/")
    if all(scope_allows(granted, s) for s in RENDER_SCOPES):
        return Snippets("Render a video with this key", None, _render(raw, base))
    if scope_allows(granted, "billing:read"):
        return Snippets("Call the API with this key", None, _billing(raw, base))
    missing = ", ".join(s for s in RENDER_SCOPES if not scope_allows(granted, s))
    note = (
        f"This key lacks {missing}: with it, the render below answers 403. "
        "Create a render-only key to run it as is."
    )
    title = "Render a video (needs videos:create and videos:read)"
    return Snippets(title, note, _render(raw, base))


def _install() -> tuple[str, str, str]:
    return (
        "any shell",
        "pip install ./clients/python (the reelsmith-client package)",
        "npm install ./clients/typescript (the @reelsmith/client package)",
    )


def _render(raw: str, base: str) -> tuple[Snippet, ...]:
    body = json.dumps({"templateId": TEMPLATE, "data": DATA}, separators=(",", ":"))
    py_data = "{" + ", ".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in DATA.items()) + "}"
    ts_data = "{ " + ", ".join(f"{k}: {json.dumps(v)}" for k, v in DATA.items()) + " }"
    shell, py, ts = _install()
    curl = (
        f'curl -s -X POST {base}/api/render -H "X-API-Key: {raw}" \\\n'
        f"  -H 'Content-Type: application/json' -d '{body}'\n"
        '# then poll until "status" is "complete"; "outputUrl" is the MP4\n'
        f'curl -s {base}/api/render/<jobId> -H "X-API-Key: {raw}"'
    )
    python = (
        "from reelsmith_client import Client\n"
        f'client = Client(api_key="{raw}", base_url="{base}")\n'
        f'video = client.renders.create("{TEMPLATE}", data={py_data}).wait()\n'
        "print(video.output_url)"
    )
    typescript = (
        'import { Client } from "@reelsmith/client";\n'
        f'const client = new Client({{ apiKey: "{raw}", baseUrl: "{base}" }});\n'
        f'const video = await (await client.renders.create("{TEMPLATE}", '
        f"{{ data: {ts_data} }})).wait();\n"
        "console.log(video.outputUrl);"
    )
    return (
        Snippet("curl", "curl", shell, curl),
        Snippet("python", "Python", py, python),
        Snippet("typescript", "TypeScript", ts, typescript),
    )


def _billing(raw: str, base: str) -> tuple[Snippet, ...]:
    shell, py, ts = _install()
    curl = f'curl -s {base}/api/billing -H "X-API-Key: {raw}"'
    python = (
        "from reelsmith_client import Client\n"
        f'client = Client(api_key="{raw}", base_url="{base}")\n'
        "print(client.billing.get().credits_)  # credits_: `credits` is a builtin"
    )
    typescript = (
        'import { Client } from "@reelsmith/client";\n'
        f'const client = new Client({{ apiKey: "{raw}", baseUrl: "{base}" }});\n'
        "console.log((await client.billing.get()).credits);"
    )
    return (
        Snippet("curl", "curl", shell, curl),
        Snippet("python", "Python", py, python),
        Snippet("typescript", "TypeScript", ts, typescript),
    )
