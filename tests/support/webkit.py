"""WebKit for browser tests: Debian's WebKitGTK WebDriver (`webkit2gtk-driver`, whose MiniBrowser
is Safari's engine) on a virtual screen of its own (Xvfb), driven by Selenium. Playwright's
WebKit build cannot be downloaded here; this is the same engine from the package registry."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.webkitgtk.options import Options
from selenium.webdriver.webkitgtk.service import Service

MINIBROWSER = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")


def webkit_unavailable() -> str | None:
    if shutil.which("WebKitWebDriver") is None or not MINIBROWSER.exists():
        return "WebKitGTK's WebDriver is not installed (Debian: webkit2gtk-driver)"
    if shutil.which("Xvfb") is None:
        return "Xvfb is not installed (Debian: xvfb)"
    return None


@contextlib.contextmanager
def virtual_screen() -> Iterator[str]:
    """An X display of this test's own (Xvfb picks a free number); its name, e.g. ':7'."""
    read, write = os.pipe()
    proc = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x900x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as numbers:
            display = f":{numbers.readline().strip()}"
        assert display != ":", "Xvfb did not start"
        yield display
    finally:
        proc.terminate()
        proc.wait(10)


@contextlib.contextmanager
def webkit(display: str, width: int, height: int) -> Iterator[webdriver.WebKitGTK]:
    """A MiniBrowser window of about `width` x `height` on `display` (its narrowest window
    is 447 px wide)."""
    options = Options()
    options.binary_location = str(MINIBROWSER)
    options.add_argument("--automation")
    driver_path = shutil.which("WebKitWebDriver") or "/usr/bin/WebKitWebDriver"
    service = Service(executable_path=driver_path, env={**os.environ, "DISPLAY": display})
    driver = webdriver.WebKitGTK(options=options, service=service)
    try:
        driver.set_window_rect(x=0, y=0, width=width, height=height)
        yield driver
    finally:
        driver.quit()


def wait_until(driver: webdriver.WebKitGTK, script: str, timeout: float, *args: Any) -> Any:
    """Run `script` (a function body returning a value) until the value is truthy."""
    deadline = time.monotonic() + timeout
    last: Any = None
    while time.monotonic() < deadline:
        last = driver.execute_script(script, *args)
        if last:
            return last
        time.sleep(0.1)
    raise AssertionError(f"not within {timeout} s: {script} (last: {last!r})")


def poll(check: Callable[[], Any], timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if found := check():
            return found
        time.sleep(0.2)
    raise AssertionError(f"not within {timeout} s: {what}")


def screenshot(driver: webdriver.WebKitGTK, tries: int = 4) -> bytes:
    """The window as PNG. WebKitGTK's driver now and then answers a screenshot with a bare
    "unknown error" (500, no message) while the page is busy playing (seen once in CI, right
    after a press on play); the next try a moment later takes it. Any other failure, or the
    same one `tries` times running, is raised."""
    for _ in range(tries - 1):
        try:
            return driver.get_screenshot_as_png()
        except WebDriverException as error:
            if (error.msg or "").strip():
                raise
            time.sleep(0.25)
    return driver.get_screenshot_as_png()
