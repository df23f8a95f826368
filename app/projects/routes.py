"""/api/projects: list, view, create, update, delete (owner only)."""

from __future__ import annotations

from quart import Blueprint
from quart_schema import tag, validate_request, validate_response

from app.accounts.current import current_account
from app.auth import require_auth
from app.errors import bad_request
from app.projects import service
from app.projects.models import Project
from app.projects.schemas import (
    CreateProject,
    DeletedResponse,
    ProjectListResponse,
    ProjectOut,
    ProjectResponse,
    UpdateProject,
)
from app.state import get_db

bp = Blueprint("projects", __name__)


def project_out(project: Project) -> ProjectOut:
    return ProjectOut(
        id=project.id,
        name=project.name,
        description=project.description,
        createdAt=project.created_at,
        updatedAt=project.updated_at,
    )


@bp.get("/api/projects")
@tag(["Projects"])
@require_auth
@validate_response(ProjectListResponse, 200)
async def list_projects() -> ProjectListResponse:
    """List the account's projects, newest first."""
    async with get_db().session() as session:
        projects = await service.list_projects(session, current_account().id)
    return ProjectListResponse(projects=[project_out(p) for p in projects], total=len(projects))


@bp.get("/api/projects/<project_id>")
@tag(["Projects"])
@require_auth
@validate_response(ProjectResponse, 200)
async def get_project(project_id: str) -> ProjectResponse:
    """View one project."""
    async with get_db().session() as session:
        project = await service.get_project(session, current_account().id, project_id)
    if project is None:
        raise service.ProjectNotFound(project_id)
    return ProjectResponse(project=project_out(project))


@bp.post("/api/projects")
@tag(["Projects"])
@require_auth
@validate_request(CreateProject)
@validate_response(ProjectResponse, 201)
async def create_project(data: CreateProject) -> tuple[ProjectResponse, int]:
    """Create a project."""
    async with get_db().session() as session:
        project = await service.create_project(
            session, current_account().id, data.name, data.description
        )
    return ProjectResponse(project=project_out(project)), 201


@bp.patch("/api/projects/<project_id>")
@tag(["Projects"])
@require_auth
@validate_request(UpdateProject)
@validate_response(ProjectResponse, 200)
async def update_project(project_id: str, data: UpdateProject) -> ProjectResponse:
    """Update a project; only the given fields change."""
    changes = data.model_dump(exclude_unset=True)
    if changes.get("name", "") is None:
        raise bad_request("name cannot be null", [{"loc": ["name"], "msg": "cannot be null"}])
    async with get_db().session() as session:
        project = await service.update_project(session, current_account().id, project_id, changes)
    if project is None:
        raise service.ProjectNotFound(project_id)
    return ProjectResponse(project=project_out(project))


@bp.delete("/api/projects/<project_id>")
@tag(["Projects"])
@require_auth
@validate_response(DeletedResponse, 200)
async def delete_project(project_id: str) -> DeletedResponse:
    """Delete a project (renders and templates filed under it keep existing)."""
    async with get_db().session() as session:
        deleted = await service.delete_project(session, current_account().id, project_id)
    if not deleted:
        raise service.ProjectNotFound(project_id)
    return DeletedResponse(message=f"Project {project_id} deleted")
