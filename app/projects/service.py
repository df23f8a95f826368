"""Projects, owner-only: another account's project is reported as not found."""

from __future__ import annotations

from sqlalchemy import bindparam, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.errors import DomainError, Kind
from app.pointtx import PointTx
from app.pointwrite import PointWrite
from app.projects.models import Project


class ProjectNotFound(DomainError):
    """The project does not exist or belongs to another account (404); `field`: the body
    field that named it, when the message should say so."""

    kind = Kind.NOT_FOUND

    def __init__(self, project_id: str, field: str | None = None) -> None:
        where = f"{field}: project" if field else "Project"
        super().__init__(f"{where} '{project_id}' not found")
        self.project_id = project_id


async def list_projects(session: AsyncSession, account_id: str) -> list[Project]:
    rows = await session.execute(
        select(Project)
        .where(Project.account_id == account_id)
        .order_by(Project.created_at.desc(), Project.id)
    )
    return list(rows.scalars())


async def get_project(session: AsyncSession, account_id: str, project_id: str) -> Project | None:
    return (
        await session.execute(
            select(Project).where(Project.id == project_id, Project.account_id == account_id)
        )
    ).scalar_one_or_none()


_OWNED = PointWrite(
    select(Project.id).where(
        Project.id == bindparam("project"), Project.account_id == bindparam("account")
    )
)


async def check_project(
    session: AsyncSession | PointTx,
    account_id: str,
    project_id: str | None,
    field: str | None = None,
) -> None:
    """ProjectNotFound (naming `field` when given) unless `project_id` (None: no project) is
    one of the account's."""
    if (
        project_id is not None
        and await _OWNED.first(session, project=project_id, account=account_id) is None
    ):
        raise ProjectNotFound(project_id, field)


async def create_project(
    session: AsyncSession, account_id: str, name: str, description: str | None
) -> Project:
    project = Project(account_id=account_id, name=name, description=description)
    session.add(project)
    await session.flush()
    return project


async def update_project(
    session: AsyncSession, account_id: str, project_id: str, changes: dict[str, object]
) -> Project | None:
    project = await get_project(session, account_id, project_id)
    if project is None:
        return None
    for field in ("name", "description"):
        if field in changes:
            setattr(project, field, changes[field])
    await session.flush()
    return project


async def delete_project(session: AsyncSession, account_id: str, project_id: str) -> bool:
    project = await get_project(session, account_id, project_id)
    if project is None:
        return False
    await session.delete(project)
    return True
