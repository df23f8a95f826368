from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.prompt_builder_request_mode import PromptBuilderRequestMode
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.template_state import TemplateState


T = TypeVar("T", bound="PromptBuilderRequest")


@_attrs_define
class PromptBuilderRequest:
    """
    Attributes:
        mode (PromptBuilderRequestMode):
        prompt (str):
        current_state (TemplateState | Unset): The template a prompt starts from (SPEC 2.1); for `create`, an empty
            shape. Only the
            fields the composer reads are checked; the others are accepted and ignored.
    """

    mode: PromptBuilderRequestMode
    prompt: str
    current_state: TemplateState | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        mode = self.mode.value

        prompt = self.prompt

        current_state: dict[str, Any] | Unset = UNSET
        if not isinstance(self.current_state, Unset):
            current_state = self.current_state.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "mode": mode,
                "prompt": prompt,
            }
        )
        if current_state is not UNSET:
            field_dict["currentState"] = current_state

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.template_state import TemplateState  # noqa: PLC0415

        d = dict(src_dict)
        mode = PromptBuilderRequestMode(d.pop("mode"))

        prompt = d.pop("prompt")

        _current_state = d.pop("currentState", UNSET)
        current_state: TemplateState | Unset
        if isinstance(_current_state, Unset):
            current_state = UNSET
        else:
            current_state = TemplateState.from_dict(_current_state)

        prompt_builder_request = cls(
            mode=mode,
            prompt=prompt,
            current_state=current_state,
        )

        return prompt_builder_request
