"""The built-in composer: offline and deterministic (same prompt and state, same answer).

`create` recognises what a prompt asks for (kinds of content, a use case, tone, length, a call
to action) and plans a narrative from the catalog: opening, the data, the comparison or story,
engagement, the call to action, the close. `edit` applies the changes a prompt asks for to the
current scenes (add, remove, replace, move, enable, disable, shorter/longer, tone, transitions,
animation style) and keeps everything else as it was."""

from app.ai.compose import create
from app.ai.edit import edit

__all__ = ["create", "edit"]
