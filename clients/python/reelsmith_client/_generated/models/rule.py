from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.render_on import RenderOn
from ..models.rule_channel import RuleChannel
from ..models.rule_eventtype import RuleEventtype
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.execution import Execution
    from ..models.rule_condition import RuleCondition
    from ..models.rule_datamapping import RuleDatamapping
    from ..models.rule_email_type_0 import RuleEmailType0
    from ..models.rule_sms_type_0 import RuleSmsType0
    from ..models.rule_webhook_type_0 import RuleWebhookType0


T = TypeVar("T", bound="Rule")


@_attrs_define
class Rule:
    """
    Attributes:
        campaign_id (None | str):
        channel (RuleChannel):
        condition (RuleCondition):
        created_at (datetime.datetime):
        data_mapping (RuleDatamapping):
        enabled (bool):
        event_type (RuleEventtype):
        id (str):
        name (str):
        render (RenderOn): When a job renders: at once, or on the first open of its player page.
        template_id (str):
        throttle_days (int):
        updated_at (datetime.datetime):
        email (None | RuleEmailType0 | Unset):
        recent_executions (list[Execution] | Unset):
        sms (None | RuleSmsType0 | Unset):
        webhook (None | RuleWebhookType0 | Unset):
    """

    campaign_id: None | str
    channel: RuleChannel
    condition: RuleCondition
    created_at: datetime.datetime
    data_mapping: RuleDatamapping
    enabled: bool
    event_type: RuleEventtype
    id: str
    name: str
    render: RenderOn
    template_id: str
    throttle_days: int
    updated_at: datetime.datetime
    email: None | RuleEmailType0 | Unset = UNSET
    recent_executions: list[Execution] | Unset = UNSET
    sms: None | RuleSmsType0 | Unset = UNSET
    webhook: None | RuleWebhookType0 | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.rule_email_type_0 import RuleEmailType0  # noqa: PLC0415
        from ..models.rule_sms_type_0 import RuleSmsType0  # noqa: PLC0415
        from ..models.rule_webhook_type_0 import RuleWebhookType0  # noqa: PLC0415

        campaign_id: None | str
        campaign_id = self.campaign_id

        channel = self.channel.value

        condition = self.condition.to_dict()

        created_at = self.created_at.isoformat()

        data_mapping = self.data_mapping.to_dict()

        enabled = self.enabled

        event_type = self.event_type.value

        id = self.id

        name = self.name

        render = self.render.value

        template_id = self.template_id

        throttle_days = self.throttle_days

        updated_at = self.updated_at.isoformat()

        email: dict[str, Any] | None | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        elif isinstance(self.email, RuleEmailType0):
            email = self.email.to_dict()
        else:
            email = self.email

        recent_executions: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.recent_executions, Unset):
            recent_executions = []
            for recent_executions_item_data in self.recent_executions:
                recent_executions_item = recent_executions_item_data.to_dict()
                recent_executions.append(recent_executions_item)

        sms: dict[str, Any] | None | Unset
        if isinstance(self.sms, Unset):
            sms = UNSET
        elif isinstance(self.sms, RuleSmsType0):
            sms = self.sms.to_dict()
        else:
            sms = self.sms

        webhook: dict[str, Any] | None | Unset
        if isinstance(self.webhook, Unset):
            webhook = UNSET
        elif isinstance(self.webhook, RuleWebhookType0):
            webhook = self.webhook.to_dict()
        else:
            webhook = self.webhook

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "campaignId": campaign_id,
                "channel": channel,
                "condition": condition,
                "createdAt": created_at,
                "dataMapping": data_mapping,
                "enabled": enabled,
                "eventType": event_type,
                "id": id,
                "name": name,
                "render": render,
                "templateId": template_id,
                "throttleDays": throttle_days,
                "updatedAt": updated_at,
            }
        )
        if email is not UNSET:
            field_dict["email"] = email
        if recent_executions is not UNSET:
            field_dict["recentExecutions"] = recent_executions
        if sms is not UNSET:
            field_dict["sms"] = sms
        if webhook is not UNSET:
            field_dict["webhook"] = webhook

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.execution import Execution  # noqa: PLC0415
        from ..models.rule_condition import RuleCondition  # noqa: PLC0415
        from ..models.rule_datamapping import RuleDatamapping  # noqa: PLC0415
        from ..models.rule_email_type_0 import RuleEmailType0  # noqa: PLC0415
        from ..models.rule_sms_type_0 import RuleSmsType0  # noqa: PLC0415
        from ..models.rule_webhook_type_0 import RuleWebhookType0  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_campaign_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        campaign_id = _parse_campaign_id(d.pop("campaignId"))

        channel = RuleChannel(d.pop("channel"))

        condition = RuleCondition.from_dict(d.pop("condition"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        data_mapping = RuleDatamapping.from_dict(d.pop("dataMapping"))

        enabled = d.pop("enabled")

        event_type = RuleEventtype(d.pop("eventType"))

        id = d.pop("id")

        name = d.pop("name")

        render = RenderOn(d.pop("render"))

        template_id = d.pop("templateId")

        throttle_days = d.pop("throttleDays")

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        def _parse_email(data: object) -> None | RuleEmailType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                email_type_0 = RuleEmailType0.from_dict(data)

                return email_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RuleEmailType0 | Unset, data)

        email = _parse_email(d.pop("email", UNSET))

        _recent_executions = d.pop("recentExecutions", UNSET)
        recent_executions: list[Execution] | Unset = UNSET
        if _recent_executions is not UNSET:
            recent_executions = []
            for recent_executions_item_data in _recent_executions:
                recent_executions_item = Execution.from_dict(
                    recent_executions_item_data
                )

                recent_executions.append(recent_executions_item)

        def _parse_sms(data: object) -> None | RuleSmsType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                sms_type_0 = RuleSmsType0.from_dict(data)

                return sms_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RuleSmsType0 | Unset, data)

        sms = _parse_sms(d.pop("sms", UNSET))

        def _parse_webhook(data: object) -> None | RuleWebhookType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                webhook_type_0 = RuleWebhookType0.from_dict(data)

                return webhook_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RuleWebhookType0 | Unset, data)

        webhook = _parse_webhook(d.pop("webhook", UNSET))

        rule = cls(
            campaign_id=campaign_id,
            channel=channel,
            condition=condition,
            created_at=created_at,
            data_mapping=data_mapping,
            enabled=enabled,
            event_type=event_type,
            id=id,
            name=name,
            render=render,
            template_id=template_id,
            throttle_days=throttle_days,
            updated_at=updated_at,
            email=email,
            recent_executions=recent_executions,
            sms=sms,
            webhook=webhook,
        )

        rule.additional_properties = d
        return rule

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
