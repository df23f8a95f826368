"""Request and response bodies for sign-in."""

from __future__ import annotations

from pydantic import BaseModel, Field


class LoginRequest(BaseModel):
    email: str = Field(min_length=3, max_length=320, description="Account email")
    password: str = Field(min_length=1, max_length=1024)


class AccountInfo(BaseModel):
    id: str
    email: str
    tier: str
    credits: int


class LoginResponse(BaseModel):
    success: bool = True
    account: AccountInfo
    message: str


class LogoutResponse(BaseModel):
    success: bool = True
    message: str
