"""Template service on both databases: usage counts and visibility for the render service."""

from __future__ import annotations

from app.accounts.service import create_account
from app.renders.create import load_template
from app.templates.schemas import CreateTemplate
from app.templates.service import (
    create_template,
    delete_template,
    get_template,
    increment_usage,
    list_templates,
)


async def _account(db, email):
    async with db.session() as session:
        return (await create_account(session, email, "pw-long-enough-1", "studio", 0)).id


async def test_increment_usage_counts_renders_of_builtins_and_custom(db):
    owner = await _account(db, "u@example.com")
    async with db.session() as session:
        custom, _ = await create_template(session, owner, CreateTemplate(name="C"))
    for _ in range(3):
        async with db.session() as session:
            await increment_usage(session, "rewind")
            await increment_usage(session, custom.id)
    async with db.session() as session:
        await increment_usage(session, "pulse")
        await increment_usage(session, "no-such-template")
        await increment_usage(session, "laureate", n=4)
    async with db.session() as session:
        assert (await get_template(session, "rewind", None)).usageCount == 3
        assert (await get_template(session, "pulse", None)).usageCount == 1
        assert (await get_template(session, "emeritus", None)).usageCount == 0
        assert (await get_template(session, "laureate", None)).usageCount == 4
        assert (await get_template(session, custom.id, owner)).usageCount == 3
    listed = {t.id: t.usageCount for t in await list_templates(db, owner, True)}
    assert listed["rewind"] == 3 and listed[custom.id] == 3


async def test_get_template_honours_visibility_for_renders(db):
    owner = await _account(db, "o@example.com")
    other = await _account(db, "x@example.com")
    async with db.session() as session:
        private, _ = await create_template(session, owner, CreateTemplate(name="P"))
        public, _ = await create_template(
            session, owner, CreateTemplate(name="Q", visibility="public")
        )
    async with db.session() as session:
        found = await get_template(session, private.id, owner)
        assert found is not None and found.ownerId == owner
        assert await get_template(session, private.id, other) is None
        assert await get_template(session, private.id, None) is None
        assert (await get_template(session, public.id, other)) is not None


async def test_fork_chain_keeps_its_builtin_data_source_when_a_middle_fork_is_deleted(db):

    owner = await _account(db, "f@example.com")
    async with db.session() as session:
        scratch, _ = await create_template(session, owner, CreateTemplate(name="S"))
        f1, _ = await create_template(
            session, owner, CreateTemplate(name="F1", forkFrom="emeritus")
        )
        f2, _ = await create_template(session, owner, CreateTemplate(name="F2", forkFrom=f1.id))
    async with db.session() as session:
        await delete_template(session, f1.id, owner)
    async with db.session() as session:
        view = await get_template(session, f2.id, owner)
        assert view is not None and view.baseTemplateId == f1.id
        assert view.rootBuiltin == "emeritus"
        scratch_view = await get_template(session, scratch.id, owner)
        assert scratch_view is not None and scratch_view.rootBuiltin is None
        builtin_view = await get_template(session, "emeritus", None)
        assert builtin_view is not None and builtin_view.rootBuiltin == "emeritus"
        template = await load_template(session, f2.id, owner)
    assert template["dataSource"]["kind"] == "openalex"
    assert template["dataSource"]["overrides"] == {"institution": "institutionOverride"}
