from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.render_on import RenderOn
from ..models.rule_patch_channel_type_0 import RulePatchChannelType0
from ..models.rule_patch_event_type_type_0 import RulePatchEventTypeType0
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.condition import Condition
    from ..models.email_settings import EmailSettings
    from ..models.rule_patch_data_mapping_type_0 import RulePatchDataMappingType0
    from ..models.sms_settings import SmsSettings
    from ..models.webhook_settings import WebhookSettings


T = TypeVar("T", bound="RulePatch")


@_attrs_define
class RulePatch:
    """PATCH /api/triggers/{id}: the fields given replace the stored ones.

    Attributes:
        campaign_id (None | str | Unset):
        channel (None | RulePatchChannelType0 | Unset):
        condition (Condition | None | Unset):
        data_mapping (None | RulePatchDataMappingType0 | Unset):
        email (EmailSettings | None | Unset):
        enabled (bool | None | Unset):
        event_type (None | RulePatchEventTypeType0 | Unset):
        name (None | str | Unset):
        render (None | RenderOn | Unset):
        sms (None | SmsSettings | Unset):
        template_id (None | str | Unset):
        throttle_days (int | None | Unset):
        webhook (None | Unset | WebhookSettings):
    """

    campaign_id: None | str | Unset = UNSET
    channel: None | RulePatchChannelType0 | Unset = UNSET
    condition: Condition | None | Unset = UNSET
    data_mapping: None | RulePatchDataMappingType0 | Unset = UNSET
    email: EmailSettings | None | Unset = UNSET
    enabled: bool | None | Unset = UNSET
    event_type: None | RulePatchEventTypeType0 | Unset = UNSET
    name: None | str | Unset = UNSET
    render: None | RenderOn | Unset = UNSET
    sms: None | SmsSettings | Unset = UNSET
    template_id: None | str | Unset = UNSET
    throttle_days: int | None | Unset = UNSET
    webhook: None | Unset | WebhookSettings = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.condition import Condition  # noqa: PLC0415
        from ..models.email_settings import EmailSettings  # noqa: PLC0415
        from ..models.rule_patch_data_mapping_type_0 import RulePatchDataMappingType0  # noqa: PLC0415
        from ..models.sms_settings import SmsSettings  # noqa: PLC0415
        from ..models.webhook_settings import WebhookSettings  # noqa: PLC0415

        campaign_id: None | str | Unset
        if isinstance(self.campaign_id, Unset):
            campaign_id = UNSET
        else:
            campaign_id = self.campaign_id

        channel: None | str | Unset
        if isinstance(self.channel, Unset):
            channel = UNSET
        elif isinstance(self.channel, RulePatchChannelType0):
            channel = self.channel.value
        else:
            channel = self.channel

        condition: dict[str, Any] | None | Unset
        if isinstance(self.condition, Unset):
            condition = UNSET
        elif isinstance(self.condition, Condition):
            condition = self.condition.to_dict()
        else:
            condition = self.condition

        data_mapping: dict[str, Any] | None | Unset
        if isinstance(self.data_mapping, Unset):
            data_mapping = UNSET
        elif isinstance(self.data_mapping, RulePatchDataMappingType0):
            data_mapping = self.data_mapping.to_dict()
        else:
            data_mapping = self.data_mapping

        email: dict[str, Any] | None | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        elif isinstance(self.email, EmailSettings):
            email = self.email.to_dict()
        else:
            email = self.email

        enabled: bool | None | Unset
        if isinstance(self.enabled, Unset):
            enabled = UNSET
        else:
            enabled = self.enabled

        event_type: None | str | Unset
        if isinstance(self.event_type, Unset):
            event_type = UNSET
        elif isinstance(self.event_type, RulePatchEventTypeType0):
            event_type = self.event_type.value
        else:
            event_type = self.event_type

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        render: None | str | Unset
        if isinstance(self.render, Unset):
            render = UNSET
        elif isinstance(self.render, RenderOn):
            render = self.render.value
        else:
            render = self.render

        sms: dict[str, Any] | None | Unset
        if isinstance(self.sms, Unset):
            sms = UNSET
        elif isinstance(self.sms, SmsSettings):
            sms = self.sms.to_dict()
        else:
            sms = self.sms

        template_id: None | str | Unset
        if isinstance(self.template_id, Unset):
            template_id = UNSET
        else:
            template_id = self.template_id

        throttle_days: int | None | Unset
        if isinstance(self.throttle_days, Unset):
            throttle_days = UNSET
        else:
            throttle_days = self.throttle_days

        webhook: dict[str, Any] | None | Unset
        if isinstance(self.webhook, Unset):
            webhook = UNSET
        elif isinstance(self.webhook, WebhookSettings):
            webhook = self.webhook.to_dict()
        else:
            webhook = self.webhook

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if campaign_id is not UNSET:
            field_dict["campaignId"] = campaign_id
        if channel is not UNSET:
            field_dict["channel"] = channel
        if condition is not UNSET:
            field_dict["condition"] = condition
        if data_mapping is not UNSET:
            field_dict["dataMapping"] = data_mapping
        if email is not UNSET:
            field_dict["email"] = email
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if event_type is not UNSET:
            field_dict["eventType"] = event_type
        if name is not UNSET:
            field_dict["name"] = name
        if render is not UNSET:
            field_dict["render"] = render
        if sms is not UNSET:
            field_dict["sms"] = sms
        if template_id is not UNSET:
            field_dict["templateId"] = template_id
        if throttle_days is not UNSET:
            field_dict["throttleDays"] = throttle_days
        if webhook is not UNSET:
            field_dict["webhook"] = webhook

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.condition import Condition  # noqa: PLC0415
        from ..models.email_settings import EmailSettings  # noqa: PLC0415
        from ..models.rule_patch_data_mapping_type_0 import RulePatchDataMappingType0  # noqa: PLC0415
        from ..models.sms_settings import SmsSettings  # noqa: PLC0415
        from ..models.webhook_settings import WebhookSettings  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_campaign_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        campaign_id = _parse_campaign_id(d.pop("campaignId", UNSET))

        def _parse_channel(data: object) -> None | RulePatchChannelType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                channel_type_0 = RulePatchChannelType0(data)

                return channel_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RulePatchChannelType0 | Unset, data)

        channel = _parse_channel(d.pop("channel", UNSET))

        def _parse_condition(data: object) -> Condition | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                condition_type_0 = Condition.from_dict(data)

                return condition_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Condition | None | Unset, data)

        condition = _parse_condition(d.pop("condition", UNSET))

        def _parse_data_mapping(
            data: object,
        ) -> None | RulePatchDataMappingType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_mapping_type_0 = RulePatchDataMappingType0.from_dict(data)

                return data_mapping_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RulePatchDataMappingType0 | Unset, data)

        data_mapping = _parse_data_mapping(d.pop("dataMapping", UNSET))

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

        def _parse_enabled(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        enabled = _parse_enabled(d.pop("enabled", UNSET))

        def _parse_event_type(data: object) -> None | RulePatchEventTypeType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                event_type_type_0 = RulePatchEventTypeType0(data)

                return event_type_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RulePatchEventTypeType0 | Unset, data)

        event_type = _parse_event_type(d.pop("eventType", UNSET))

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_render(data: object) -> None | RenderOn | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                render_type_0 = RenderOn(data)

                return render_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RenderOn | Unset, data)

        render = _parse_render(d.pop("render", UNSET))

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

        def _parse_template_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        template_id = _parse_template_id(d.pop("templateId", UNSET))

        def _parse_throttle_days(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        throttle_days = _parse_throttle_days(d.pop("throttleDays", UNSET))

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

        rule_patch = cls(
            campaign_id=campaign_id,
            channel=channel,
            condition=condition,
            data_mapping=data_mapping,
            email=email,
            enabled=enabled,
            event_type=event_type,
            name=name,
            render=render,
            sms=sms,
            template_id=template_id,
            throttle_days=throttle_days,
            webhook=webhook,
        )

        return rule_patch
