from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.batch_request_primary_metric_type_0 import BatchRequestPrimaryMetricType0
from ..models.render_on import RenderOn
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.audio_options import AudioOptions
    from ..models.batch_variant import BatchVariant
    from ..models.brand_options import BrandOptions
    from ..models.output_options import OutputOptions
    from ..models.scene_override import SceneOverride


T = TypeVar("T", bound="BatchRequest")


@_attrs_define
class BatchRequest:
    """POST /api/render/batch: rows match headers by position. With `variants`, an A/B
    batch: each row goes to one variant (deterministic, exact counts).

        Attributes:
            headers (list[str]):
            rows (list[list[bool | float | int | None | str]]):
            template_id (str):
            audio (AudioOptions | Unset):
            brand (BrandOptions | Unset):
            dry_run (bool | Unset): Check every row and answer the per-row warnings and the cost; nothing is charged,
                created or queued (Idempotency-Key is ignored) Default: False.
            output (OutputOptions | Unset):
            primary_metric (BatchRequestPrimaryMetricType0 | None | Unset): What decides the A/B winner (default
                completionRate)
            project_id (None | str | Unset):
            render (RenderOn | Unset): When a job renders: at once, or on the first open of its player page.
            scenes (list[SceneOverride] | Unset):
            variants (list[BatchVariant] | None | Unset): A/B arms: 2 to 10, unique ids, splitPercent summing to 100
    """

    headers: list[str]
    rows: list[list[bool | float | int | None | str]]
    template_id: str
    audio: AudioOptions | Unset = UNSET
    brand: BrandOptions | Unset = UNSET
    dry_run: bool | Unset = False
    output: OutputOptions | Unset = UNSET
    primary_metric: BatchRequestPrimaryMetricType0 | None | Unset = UNSET
    project_id: None | str | Unset = UNSET
    render: RenderOn | Unset = UNSET
    scenes: list[SceneOverride] | Unset = UNSET
    variants: list[BatchVariant] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        headers = self.headers

        rows = []
        for rows_item_data in self.rows:
            rows_item = []
            for rows_item_item_data in rows_item_data:
                rows_item_item: bool | float | int | None | str
                rows_item_item = rows_item_item_data
                rows_item.append(rows_item_item)

            rows.append(rows_item)

        template_id = self.template_id

        audio: dict[str, Any] | Unset = UNSET
        if not isinstance(self.audio, Unset):
            audio = self.audio.to_dict()

        brand: dict[str, Any] | Unset = UNSET
        if not isinstance(self.brand, Unset):
            brand = self.brand.to_dict()

        dry_run = self.dry_run

        output: dict[str, Any] | Unset = UNSET
        if not isinstance(self.output, Unset):
            output = self.output.to_dict()

        primary_metric: None | str | Unset
        if isinstance(self.primary_metric, Unset):
            primary_metric = UNSET
        elif isinstance(self.primary_metric, BatchRequestPrimaryMetricType0):
            primary_metric = self.primary_metric.value
        else:
            primary_metric = self.primary_metric

        project_id: None | str | Unset
        if isinstance(self.project_id, Unset):
            project_id = UNSET
        else:
            project_id = self.project_id

        render: str | Unset = UNSET
        if not isinstance(self.render, Unset):
            render = self.render.value

        scenes: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.scenes, Unset):
            scenes = []
            for scenes_item_data in self.scenes:
                scenes_item = scenes_item_data.to_dict()
                scenes.append(scenes_item)

        variants: list[dict[str, Any]] | None | Unset
        if isinstance(self.variants, Unset):
            variants = UNSET
        elif isinstance(self.variants, list):
            variants = []
            for variants_type_0_item_data in self.variants:
                variants_type_0_item = variants_type_0_item_data.to_dict()
                variants.append(variants_type_0_item)

        else:
            variants = self.variants

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "headers": headers,
                "rows": rows,
                "templateId": template_id,
            }
        )
        if audio is not UNSET:
            field_dict["audio"] = audio
        if brand is not UNSET:
            field_dict["brand"] = brand
        if dry_run is not UNSET:
            field_dict["dryRun"] = dry_run
        if output is not UNSET:
            field_dict["output"] = output
        if primary_metric is not UNSET:
            field_dict["primaryMetric"] = primary_metric
        if project_id is not UNSET:
            field_dict["projectId"] = project_id
        if render is not UNSET:
            field_dict["render"] = render
        if scenes is not UNSET:
            field_dict["scenes"] = scenes
        if variants is not UNSET:
            field_dict["variants"] = variants

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.audio_options import AudioOptions  # noqa: PLC0415
        from ..models.batch_variant import BatchVariant  # noqa: PLC0415
        from ..models.brand_options import BrandOptions  # noqa: PLC0415
        from ..models.output_options import OutputOptions  # noqa: PLC0415
        from ..models.scene_override import SceneOverride  # noqa: PLC0415

        d = dict(src_dict)
        headers = cast(list[str], d.pop("headers"))

        rows = []
        _rows = d.pop("rows")
        for rows_item_data in _rows:
            rows_item = []
            _rows_item = rows_item_data
            for rows_item_item_data in _rows_item:

                def _parse_rows_item_item(
                    data: object,
                ) -> bool | float | int | None | str:
                    if data is None:
                        return data
                    return cast(bool | float | int | None | str, data)

                rows_item_item = _parse_rows_item_item(rows_item_item_data)

                rows_item.append(rows_item_item)

            rows.append(rows_item)

        template_id = d.pop("templateId")

        _audio = d.pop("audio", UNSET)
        audio: AudioOptions | Unset
        if isinstance(_audio, Unset):
            audio = UNSET
        else:
            audio = AudioOptions.from_dict(_audio)

        _brand = d.pop("brand", UNSET)
        brand: BrandOptions | Unset
        if isinstance(_brand, Unset):
            brand = UNSET
        else:
            brand = BrandOptions.from_dict(_brand)

        dry_run = d.pop("dryRun", UNSET)

        _output = d.pop("output", UNSET)
        output: OutputOptions | Unset
        if isinstance(_output, Unset):
            output = UNSET
        else:
            output = OutputOptions.from_dict(_output)

        def _parse_primary_metric(
            data: object,
        ) -> BatchRequestPrimaryMetricType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                primary_metric_type_0 = BatchRequestPrimaryMetricType0(data)

                return primary_metric_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BatchRequestPrimaryMetricType0 | None | Unset, data)

        primary_metric = _parse_primary_metric(d.pop("primaryMetric", UNSET))

        def _parse_project_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        project_id = _parse_project_id(d.pop("projectId", UNSET))

        _render = d.pop("render", UNSET)
        render: RenderOn | Unset
        if isinstance(_render, Unset):
            render = UNSET
        else:
            render = RenderOn(_render)

        _scenes = d.pop("scenes", UNSET)
        scenes: list[SceneOverride] | Unset = UNSET
        if _scenes is not UNSET:
            scenes = []
            for scenes_item_data in _scenes:
                scenes_item = SceneOverride.from_dict(scenes_item_data)

                scenes.append(scenes_item)

        def _parse_variants(data: object) -> list[BatchVariant] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                variants_type_0 = []
                _variants_type_0 = data
                for variants_type_0_item_data in _variants_type_0:
                    variants_type_0_item = BatchVariant.from_dict(
                        variants_type_0_item_data
                    )

                    variants_type_0.append(variants_type_0_item)

                return variants_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[BatchVariant] | None | Unset, data)

        variants = _parse_variants(d.pop("variants", UNSET))

        batch_request = cls(
            headers=headers,
            rows=rows,
            template_id=template_id,
            audio=audio,
            brand=brand,
            dry_run=dry_run,
            output=output,
            primary_metric=primary_metric,
            project_id=project_id,
            render=render,
            scenes=scenes,
            variants=variants,
        )

        return batch_request
