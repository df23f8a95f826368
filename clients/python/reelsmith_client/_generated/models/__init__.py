"""Contains all the data models used in inputs/outputs"""

from .ab_comparison import AbComparison
from .ab_metrics import AbMetrics
from .ab_response import AbResponse
from .ab_response_primary_metric_type_0 import AbResponsePrimaryMetricType0
from .ab_response_status_type_0 import AbResponseStatusType0
from .ab_variant import AbVariant
from .ab_winner import AbWinner
from .ab_winner_metric import AbWinnerMetric
from .account_info import AccountInfo
from .api_key_info import ApiKeyInfo
from .attempt_out import AttemptOut
from .audio_options import AudioOptions
from .audio_options_voice_quality_type_0 import AudioOptionsVoiceQualityType0
from .batch_created import BatchCreated
from .batch_created_mapping import BatchCreatedMapping
from .batch_dry_run import BatchDryRun
from .batch_dry_run_mapping import BatchDryRunMapping
from .batch_fields import BatchFields
from .batch_job_entry import BatchJobEntry
from .batch_job_entry_aspectratio import BatchJobEntryAspectratio
from .batch_job_shape import BatchJobShape
from .batch_job_shape_aspectratio import BatchJobShapeAspectratio
from .batch_progress import BatchProgress
from .batch_request import BatchRequest
from .batch_request_primary_metric_type_0 import BatchRequestPrimaryMetricType0
from .batch_row_check import BatchRowCheck
from .batch_row_warning import BatchRowWarning
from .batch_status import BatchStatus
from .batch_status_response import BatchStatusResponse
from .batch_variant import BatchVariant
from .billing_response import BillingResponse
from .brand_options import BrandOptions
from .campaign_renders import CampaignRenders
from .condition import Condition
from .condition_op_type_0 import ConditionOpType0
from .create_key_request import CreateKeyRequest
from .create_key_response import CreateKeyResponse
from .create_project import CreateProject
from .create_template import CreateTemplate
from .create_template_visibility import CreateTemplateVisibility
from .create_webhook import CreateWebhook
from .created_webhook_response import CreatedWebhookResponse
from .data_slot import DataSlot
from .data_slot_type import DataSlotType
from .delete_result import DeleteResult
from .deleted_response import DeletedResponse
from .delivery_list_response import DeliveryListResponse
from .delivery_out import DeliveryOut
from .delivery_response import DeliveryResponse
from .email_settings import EmailSettings
from .engagement_response import EngagementResponse
from .error_body import ErrorBody
from .error_detail import ErrorDetail
from .event_outcome import EventOutcome
from .execution import Execution
from .get_primitives_status import GetPrimitivesStatus
from .health_response import HealthResponse
from .heatmap_response import HeatmapResponse
from .heatmap_scene import HeatmapScene
from .ingest_body import IngestBody
from .ingest_body_events_item import IngestBodyEventsItem
from .ingest_response import IngestResponse
from .job_fields import JobFields
from .job_stage import JobStage
from .job_status import JobStatus
from .job_status_response import JobStatusResponse
from .language import Language
from .language_support import LanguageSupport
from .language_support_quality_type_0 import LanguageSupportQualityType0
from .languages_response import LanguagesResponse
from .lift_interval import LiftInterval
from .list_keys_response import ListKeysResponse
from .list_recipients_format import ListRecipientsFormat
from .list_templates_builtin import ListTemplatesBuiltin
from .login_request import LoginRequest
from .login_response import LoginResponse
from .logout_response import LogoutResponse
from .message_response import MessageResponse
from .music_response import MusicResponse
from .music_track_info import MusicTrackInfo
from .offline_voice import OfflineVoice
from .offline_voice_quality import OfflineVoiceQuality
from .output_options import OutputOptions
from .output_options_aspect_ratio_type_0 import OutputOptionsAspectRatioType0
from .output_options_aspect_ratios_type_0_item import OutputOptionsAspectRatiosType0Item
from .output_options_format_type_0 import OutputOptionsFormatType0
from .output_options_fps_type_0 import OutputOptionsFpsType0
from .output_options_resolution_type_0 import OutputOptionsResolutionType0
from .output_range import OutputRange
from .poster_at import PosterAt
from .primitive_info import PrimitiveInfo
from .primitive_info_category import PrimitiveInfoCategory
from .primitive_info_status import PrimitiveInfoStatus
from .primitives_response import PrimitivesResponse
from .project_list_response import ProjectListResponse
from .project_out import ProjectOut
from .project_response import ProjectResponse
from .prompt_builder_request import PromptBuilderRequest
from .prompt_builder_request_mode import PromptBuilderRequestMode
from .prompt_builder_response import PromptBuilderResponse
from .prompt_builder_response_suggestedvoiceovertone import (
    PromptBuilderResponseSuggestedvoiceovertone,
)
from .quality_check import QualityCheck
from .quality_check_status import QualityCheckStatus
from .quality_report import QualityReport
from .quality_report_status import QualityReportStatus
from .recipient_row import RecipientRow
from .recipients_response import RecipientsResponse
from .render_body import RenderBody
from .render_body_data import RenderBodyData
from .render_created import RenderCreated
from .render_on import RenderOn
from .render_warning import RenderWarning
from .replay_request import ReplayRequest
from .replay_response import ReplayResponse
from .revoke_key_response import RevokeKeyResponse
from .rotated_secret_response import RotatedSecretResponse
from .rule import Rule
from .rule_body import RuleBody
from .rule_body_channel import RuleBodyChannel
from .rule_body_datamapping import RuleBodyDatamapping
from .rule_body_eventtype import RuleBodyEventtype
from .rule_channel import RuleChannel
from .rule_condition import RuleCondition
from .rule_datamapping import RuleDatamapping
from .rule_deleted import RuleDeleted
from .rule_email_type_0 import RuleEmailType0
from .rule_eventtype import RuleEventtype
from .rule_outcome import RuleOutcome
from .rule_patch import RulePatch
from .rule_patch_channel_type_0 import RulePatchChannelType0
from .rule_patch_data_mapping_type_0 import RulePatchDataMappingType0
from .rule_patch_event_type_type_0 import RulePatchEventTypeType0
from .rule_response import RuleResponse
from .rule_sms_type_0 import RuleSmsType0
from .rule_webhook_type_0 import RuleWebhookType0
from .rules_response import RulesResponse
from .sample_ratio import SampleRatio
from .scene_config import SceneConfig
from .scene_config_animationbindings import SceneConfigAnimationbindings
from .scene_config_scenedata import SceneConfigScenedata
from .scene_override import SceneOverride
from .scene_script import SceneScript
from .script_request import ScriptRequest
from .script_request_inputdata import ScriptRequestInputdata
from .script_request_tone import ScriptRequestTone
from .script_response import ScriptResponse
from .session_request import SessionRequest
from .session_response import SessionResponse
from .skip_condition import SkipCondition
from .skip_condition_op import SkipConditionOp
from .sms_settings import SmsSettings
from .template import Template
from .template_created_response import TemplateCreatedResponse
from .template_defaults import TemplateDefaults
from .template_defaults_fps import TemplateDefaultsFps
from .template_defaults_resolution import TemplateDefaultsResolution
from .template_defaults_voice_quality_type_0 import TemplateDefaultsVoiceQualityType0
from .template_list_response import TemplateListResponse
from .template_response import TemplateResponse
from .template_state import TemplateState
from .template_visibility import TemplateVisibility
from .test_request import TestRequest
from .test_response import TestResponse
from .thumbnail_request import ThumbnailRequest
from .thumbnail_result import ThumbnailResult
from .track_request import TrackRequest
from .track_request_metadata_type_0 import TrackRequestMetadataType0
from .track_response import TrackResponse
from .translate_request import TranslateRequest
from .translate_response import TranslateResponse
from .update_project import UpdateProject
from .update_template import UpdateTemplate
from .update_template_visibility_type_0 import UpdateTemplateVisibilityType0
from .update_webhook import UpdateWebhook
from .usage_entry import UsageEntry
from .usage_entry_kind import UsageEntryKind
from .voice_info import VoiceInfo
from .voiceover_entry import VoiceoverEntry
from .voices_response import VoicesResponse
from .webhook_list_response import WebhookListResponse
from .webhook_out import WebhookOut
from .webhook_response import WebhookResponse
from .webhook_settings import WebhookSettings
from .webhook_with_secret import WebhookWithSecret
from .word_timestamp import WordTimestamp

__all__ = (
    "AbComparison",
    "AbMetrics",
    "AbResponse",
    "AbResponsePrimaryMetricType0",
    "AbResponseStatusType0",
    "AbVariant",
    "AbWinner",
    "AbWinnerMetric",
    "AccountInfo",
    "ApiKeyInfo",
    "AttemptOut",
    "AudioOptions",
    "AudioOptionsVoiceQualityType0",
    "BatchCreated",
    "BatchCreatedMapping",
    "BatchDryRun",
    "BatchDryRunMapping",
    "BatchFields",
    "BatchJobEntry",
    "BatchJobEntryAspectratio",
    "BatchJobShape",
    "BatchJobShapeAspectratio",
    "BatchProgress",
    "BatchRequest",
    "BatchRequestPrimaryMetricType0",
    "BatchRowCheck",
    "BatchRowWarning",
    "BatchStatus",
    "BatchStatusResponse",
    "BatchVariant",
    "BillingResponse",
    "BrandOptions",
    "CampaignRenders",
    "Condition",
    "ConditionOpType0",
    "CreatedWebhookResponse",
    "CreateKeyRequest",
    "CreateKeyResponse",
    "CreateProject",
    "CreateTemplate",
    "CreateTemplateVisibility",
    "CreateWebhook",
    "DataSlot",
    "DataSlotType",
    "DeletedResponse",
    "DeleteResult",
    "DeliveryListResponse",
    "DeliveryOut",
    "DeliveryResponse",
    "EmailSettings",
    "EngagementResponse",
    "ErrorBody",
    "ErrorDetail",
    "EventOutcome",
    "Execution",
    "GetPrimitivesStatus",
    "HealthResponse",
    "HeatmapResponse",
    "HeatmapScene",
    "IngestBody",
    "IngestBodyEventsItem",
    "IngestResponse",
    "JobFields",
    "JobStage",
    "JobStatus",
    "JobStatusResponse",
    "Language",
    "LanguagesResponse",
    "LanguageSupport",
    "LanguageSupportQualityType0",
    "LiftInterval",
    "ListKeysResponse",
    "ListRecipientsFormat",
    "ListTemplatesBuiltin",
    "LoginRequest",
    "LoginResponse",
    "LogoutResponse",
    "MessageResponse",
    "MusicResponse",
    "MusicTrackInfo",
    "OfflineVoice",
    "OfflineVoiceQuality",
    "OutputOptions",
    "OutputOptionsAspectRatiosType0Item",
    "OutputOptionsAspectRatioType0",
    "OutputOptionsFormatType0",
    "OutputOptionsFpsType0",
    "OutputOptionsResolutionType0",
    "OutputRange",
    "PosterAt",
    "PrimitiveInfo",
    "PrimitiveInfoCategory",
    "PrimitiveInfoStatus",
    "PrimitivesResponse",
    "ProjectListResponse",
    "ProjectOut",
    "ProjectResponse",
    "PromptBuilderRequest",
    "PromptBuilderRequestMode",
    "PromptBuilderResponse",
    "PromptBuilderResponseSuggestedvoiceovertone",
    "QualityCheck",
    "QualityCheckStatus",
    "QualityReport",
    "QualityReportStatus",
    "RecipientRow",
    "RecipientsResponse",
    "RenderBody",
    "RenderBodyData",
    "RenderCreated",
    "RenderOn",
    "RenderWarning",
    "ReplayRequest",
    "ReplayResponse",
    "RevokeKeyResponse",
    "RotatedSecretResponse",
    "Rule",
    "RuleBody",
    "RuleBodyChannel",
    "RuleBodyDatamapping",
    "RuleBodyEventtype",
    "RuleChannel",
    "RuleCondition",
    "RuleDatamapping",
    "RuleDeleted",
    "RuleEmailType0",
    "RuleEventtype",
    "RuleOutcome",
    "RulePatch",
    "RulePatchChannelType0",
    "RulePatchDataMappingType0",
    "RulePatchEventTypeType0",
    "RuleResponse",
    "RuleSmsType0",
    "RulesResponse",
    "RuleWebhookType0",
    "SampleRatio",
    "SceneConfig",
    "SceneConfigAnimationbindings",
    "SceneConfigScenedata",
    "SceneOverride",
    "SceneScript",
    "ScriptRequest",
    "ScriptRequestInputdata",
    "ScriptRequestTone",
    "ScriptResponse",
    "SessionRequest",
    "SessionResponse",
    "SkipCondition",
    "SkipConditionOp",
    "SmsSettings",
    "Template",
    "TemplateCreatedResponse",
    "TemplateDefaults",
    "TemplateDefaultsFps",
    "TemplateDefaultsResolution",
    "TemplateDefaultsVoiceQualityType0",
    "TemplateListResponse",
    "TemplateResponse",
    "TemplateState",
    "TemplateVisibility",
    "TestRequest",
    "TestResponse",
    "ThumbnailRequest",
    "ThumbnailResult",
    "TrackRequest",
    "TrackRequestMetadataType0",
    "TrackResponse",
    "TranslateRequest",
    "TranslateResponse",
    "UpdateProject",
    "UpdateTemplate",
    "UpdateTemplateVisibilityType0",
    "UpdateWebhook",
    "UsageEntry",
    "UsageEntryKind",
    "VoiceInfo",
    "VoiceoverEntry",
    "VoicesResponse",
    "WebhookListResponse",
    "WebhookOut",
    "WebhookResponse",
    "WebhookSettings",
    "WebhookWithSecret",
    "WordTimestamp",
)
