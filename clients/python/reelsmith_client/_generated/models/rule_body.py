from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.render_on import RenderOn
from ..models.rule_body_channel import RuleBodyChannel
from ..models.rule_body_eventtype import RuleBodyEventtype
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.condition import Condition
    from ..models.email_settings import EmailSettings
    from ..models.rule_body_datamapping import RuleBodyDatamapping
    from ..models.sms_settings import SmsSettings
    from ..models.webhook_settings import WebhookSettings


T = TypeVar("T", bound="RuleBody")


@_attrs_define
class RuleBody:
    """POST /api/triggers (SPEC 4.7, plus `enabled`, `email`/`sms`/`webhook` settings and
    `dataMapping`).

        Attributes:
            channel (RuleBodyChannel):
            condition (Condition): `{field, op, value}` (the skipCondition ops; `field` a dotted path into the event data),
                or `{all: [...]}` / `{any: [...]}`.
            event_type (RuleBodyEventtype):
            name (str):
            template_id (str):
            campaign_id (None | str | Unset):
            data_mapping (RuleBodyDatamapping | Unset):
            email (EmailSettings | None | Unset):
            enabled (bool | Unset):  Default: True.
            render (RenderOn | Unset): When a job renders: at once, or on the first open of its player page.
            sms (None | SmsSettings | Unset):
            throttle_days (int | Unset):  Default: 30.
            webhook (None | Unset | WebhookSettings):
    """

    channel: RuleBodyChannel
    condition: Condition
    event_type: RuleBodyEventtype
    name: str
    template_id: str
    campaign_id: None | str | Unset = UNSET
    data_mapping: RuleBodyDatamapping | Unset = UNSET
    email: EmailSettings | None | Unset = UNSET
    enabled: bool | Unset = True
    render: RenderOn | Unset = UNSET
    sms: None | SmsSettings | Unset = UNSET
    throttle_days: int | Unset = 30
    webhook: None | Unset | WebhookSettings = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.email_settings import EmailSettings  # noqa: PLC0415
        from ..models.sms_settings import SmsSettings  # noqa: PLC0415
        from ..models.webhook_settings import WebhookSettings  # noqa: PLC0415

        channel = self.channel.value

        condition = self.condition.to_dict()

        event_type = self.event_type.value

        name = self.name

        template_id = self.template_id

        campaign_id: None | str | Unset
        if isinstance(self.campaign_id, Unset):
            campaign_id = UNSET
        else:
            campaign_id = self.campaign_id

        data_mapping: dict[str, Any] | Unset = UNSET
        if not isinstance(self.data_mapping, Unset):
            data_mapping = self.data_mapping.to_dict()

        email: dict[str, Any] | None | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        elif isinstance(self.email, EmailSettings):
            email = self.email.to_dict()
        else:
            email = self.email

        enabled = self.enabled

        render: str | Unset = UNSET
        if not isinstance(self.render, Unset):
            render = self.render.value

        sms: dict[str, Any] | None | Unset
        if isinstance(self.sms, Unset):
            sms = UNSET
        elif isinstance(self.sms, SmsSettings):
            sms = self.sms.to_dict()
        else:
            sms = self.sms

        throttle_days = self.throttle_days

        webhook: dict[str, Any] | None | Unset
        if isinstance(self.webhook, Unset):
            webhook = UNSET
        elif isinstance(self.webhook, WebhookSettings):
            webhook = self.webhook.to_dict()
        else:
            webhook = self.webhook

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "channel": channel,
                "condition": condition,
                "eventType": event_type,
                "name": name,
                "templateId": template_id,
            }
        )
        if campaign_id is not UNSET:
            field_dict["campaignId"] = campaign_id
        if data_mapping is not UNSET:
            field_dict["dataMapping"] = data_mapping
        if email is not UNSET:
            field_dict["email"] = email
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if render is not UNSET:
            field_dict["render"] = render
        if sms is not UNSET:
            field_dict["sms"] = sms
        if throttle_days is not UNSET:
            field_dict["throttleDays"] = throttle_days
        if webhook is not UNSET:
            field_dict["webhook"] = webhook

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.condition import Condition  # noqa: PLC0415
        from ..models.email_settings import EmailSettings  # noqa: PLC0415
        from ..models.rule_body_datamapping import RuleBodyDatamapping  # noqa: PLC0415
        from ..models.sms_settings import SmsSettings  # noqa: PLC0415
        from ..models.webhook_settings import WebhookSettings  # noqa: PLC0415

        d = dict(src_dict)
        channel = RuleBodyChannel(d.pop("channel"))

        condition = Condition.from_dict(d.pop("condition"))

        event_type = RuleBodyEventtype(d.pop("eventType"))

        name = d.pop("name")

        template_id = d.pop("templateId")

        def _parse_campaign_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        campaign_id = _parse_campaign_id(d.pop("campaignId", UNSET))

        _data_mapping = d.pop("dataMapping", UNSET)
        data_mapping: RuleBodyDatamapping | Unset
        if isinstance(_data_mapping, Unset):
            data_mapping = UNSET
        else:
            data_mapping = RuleBodyDatamapping.from_dict(_data_mapping)

        def _parse_email(data: object) -> EmailSettings | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                email_type_0 = EmailSettings.from_dict(data)

                return email_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EmailSettings | None | Unset, data)

        email = _parse_email(d.pop("email", UNSET))

        enabled = d.pop("enabled", UNSET)

        _render = d.pop("render", UNSET)
        render: RenderOn | Unset
        if isinstance(_render, Unset):
            render = UNSET
        else:
            render = RenderOn(_render)

        def _parse_sms(data: object) -> None | SmsSettings | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                sms_type_0 = SmsSettings.from_dict(data)

                return sms_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SmsSettings | Unset, data)

        sms = _parse_sms(d.pop("sms", UNSET))

        throttle_days = d.pop("throttleDays", UNSET)

        def _parse_webhook(data: object) -> None | Unset | WebhookSettings:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                webhook_type_0 = WebhookSettings.from_dict(data)

                return webhook_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | WebhookSettings, data)

        webhook = _parse_webhook(d.pop("webhook", UNSET))

        rule_body = cls(
            channel=channel,
            condition=condition,
            event_type=event_type,
            name=name,
            template_id=template_id,
            campaign_id=campaign_id,
            data_mapping=data_mapping,
            email=email,
            enabled=enabled,
            render=render,
            sms=sms,
            throttle_days=throttle_days,
            webhook=webhook,
        )

        return rule_body
