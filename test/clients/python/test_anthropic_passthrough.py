"""The official anthropic Python SDK, holding only a placeholder key, against /gateway/anthropic.

Run by test/clients/python-passthrough.test.ts, which starts the gateway and a fake
Anthropic upstream and passes GATEWAY_URL and PLACEHOLDER_KEY. The fake answers by
the model each endpoint is configured with, so each endpoint stands for one behaviour:
  claude         a message, plain or streamed ("Hello from upstream")
  claude-tools   a stream of text, then a `get_weather` tool_use whose input comes as input_json_delta
  claude-401, claude-429, claude-500   that error, in Anthropic's envelope
  claude-reset   a stream whose connection the upstream drops after two pieces
The jest side checks what reached the upstream (server key, configured model).
"""

import os
import time

import anthropic
import pytest
from anthropic import Anthropic

GATEWAY_URL = os.environ["GATEWAY_URL"]
PLACEHOLDER_KEY = os.environ["PLACEHOLDER_KEY"]
# Long enough for any honest answer from a local fake, short enough that a hang fails fast.
TIMEOUT_S = 10

HELLO = [{"role": "user", "content": "Hello"}]
WEATHER_TOOL = {
    "name": "get_weather",
    "description": "Current weather in a city",
    "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}},
}


def make_client(vendor: str = "anthropic") -> Anthropic:
    # No retries: a retried error would slow the suite and could hide what the gateway answered first.
    return Anthropic(
        api_key=PLACEHOLDER_KEY, base_url=f"{GATEWAY_URL}/gateway/{vendor}", max_retries=0, timeout=TIMEOUT_S
    )


@pytest.fixture
def client():
    with make_client() as c:
        yield c


@pytest.mark.parametrize("vendor", ["anthropic", "vendor-b"])
def test_messages_create(vendor):
    with make_client(vendor) as c:
        message = c.messages.create(model="claude", max_tokens=64, messages=HELLO)
    assert message.type == "message"
    assert [(b.type, b.text) for b in message.content] == [("text", "reply to: Hello")]
    assert message.stop_reason == "end_turn"
    assert (message.usage.input_tokens, message.usage.output_tokens) == (12, 6)


def test_messages_stream_text(client):
    with client.messages.stream(model="claude", max_tokens=64, messages=HELLO) as stream:
        text = "".join(stream.text_stream)
        final = stream.get_final_message()
    assert text == "Hello from upstream"
    assert final.content[0].text == "Hello from upstream"
    assert final.stop_reason == "end_turn"
    # Usage is split across message_start (input) and message_delta (output); the SDK merges both.
    assert (final.usage.input_tokens, final.usage.output_tokens) == (12, 6)


def test_messages_stream_tool_use(client):
    """Text, then a tool_use block whose input the SDK assembles from input_json_delta fragments."""
    with client.messages.stream(
        model="claude-tools",
        max_tokens=64,
        messages=[{"role": "user", "content": "Weather in Paris?"}],
        tools=[WEATHER_TOOL],
    ) as stream:
        events = list(stream)
        final = stream.get_final_message()
    assert "".join(e.text for e in events if e.type == "text") == "Let me check."
    assert [e.partial_json for e in events if e.type == "input_json"] == ['{"city":', ' "Paris"}']
    assert final.stop_reason == "tool_use"
    assert [b.type for b in final.content] == ["text", "tool_use"]
    tool_use = final.content[1]
    assert (tool_use.id, tool_use.name, tool_use.input) == ("toolu_py_1", "get_weather", {"city": "Paris"})


@pytest.mark.parametrize(
    "endpoint, error, status, error_type",
    [
        ("claude-401", anthropic.AuthenticationError, 401, "authentication_error"),
        ("claude-429", anthropic.RateLimitError, 429, "rate_limit_error"),
        ("claude-500", anthropic.InternalServerError, 500, "api_error"),
    ],
)
def test_provider_errors_are_the_sdks_exceptions(client, endpoint, error, status, error_type):
    with pytest.raises(error) as caught:
        client.messages.create(model=endpoint, max_tokens=8, messages=HELLO)
    assert caught.value.status_code == status
    # Anthropic's error envelope is relayed as is.
    assert caught.value.body["type"] == "error"
    assert caught.value.body["error"]["type"] == error_type


def test_mid_stream_reset_raises_while_iterating(client):
    started = time.monotonic()
    text = ""
    # The gateway ends a broken stream with Anthropic's `event: error`, which the SDK raises as a status error.
    with pytest.raises(anthropic.APIStatusError) as caught:
        with client.messages.stream(model="claude-reset", max_tokens=8, messages=HELLO) as stream:
            for delta in stream.text_stream:
                text += delta
    assert caught.value.body["error"]["type"] == "api_error"
    # Well inside the client timeout: the reset itself ended the stream, not a read timeout after a hang.
    assert time.monotonic() - started < TIMEOUT_S / 2
    # It broke off mid-way: some pieces arrived, the rest did not.
    assert text == "ab"
