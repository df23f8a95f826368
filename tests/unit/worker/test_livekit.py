"""The live page's shell and its spoken timeline (worker/livekit.py): the timeline alone is kept
when the spoken page is the shell with only its timeline changed."""

from __future__ import annotations

from app.composition.page import split_timeline
from worker.livekit import spoken_timeline

HEAD = '<html><head></head><body><div class="rs-scene">Hi</div>'
NODE = '<script type="application/json" id="rs-timeline">{}</script>'


def page(timeline: str, scene: str = "Hi") -> str:
    return (
        HEAD.replace("Hi", scene) + NODE.format(timeline) + "<script>boot()</script></body></html>"
    )


def test_the_timeline_node_is_split_from_the_rest_of_the_page():
    text, rest = split_timeline(page('{"duration": 5}')) or ("", "")
    assert text == '{"duration": 5}'
    assert rest == page("")
    assert split_timeline("<html><body>no timeline</body></html>") is None


def test_a_page_that_differs_from_its_shell_only_in_the_timeline_keeps_the_timeline_alone():
    shell, spoken = page('{"duration": 4000}'), page('{"duration": 5200, "words": ["Hi"]}')
    assert spoken_timeline(shell, spoken) == '{"duration": 5200, "words": ["Hi"]}'


def test_a_page_that_differs_in_more_or_has_no_shell_is_loaded_whole():
    shell = page('{"duration": 4000}')
    assert spoken_timeline(shell, page('{"duration": 5200}', scene="Hello")) is None
    assert spoken_timeline(None, page('{"duration": 5200}')) is None
    assert spoken_timeline("<html>no node</html>", page('{"duration": 5200}')) is None
