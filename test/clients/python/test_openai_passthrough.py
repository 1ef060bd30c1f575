"""The official openai Python SDK, holding only a placeholder key, against /gateway/openai/v1.

Run by test/clients/python-passthrough.test.ts, which starts the gateway and a fake
OpenAI upstream and passes GATEWAY_URL and PLACEHOLDER_KEY. The fake answers by the
model each endpoint is configured with, so each endpoint stands for one behaviour:
  gpt-chat       chat, plain or streamed ("Hello from upstream")
  gpt-tools      a streamed `lookup` tool call, arguments in two fragments
  gpt-embed      embeddings
  gpt-responses  the Responses API, plain or streamed ("Hel", "lo")
  gpt-401, gpt-429, gpt-500   that error, in OpenAI's envelope
  gpt-reset      a stream whose connection the upstream drops after two pieces
The jest side checks what reached the upstream (server key, configured model).
"""

import os
import time

import openai
import pytest
from openai import OpenAI

GATEWAY_URL = os.environ["GATEWAY_URL"]
PLACEHOLDER_KEY = os.environ["PLACEHOLDER_KEY"]
# Long enough for any honest answer from a local fake, short enough that a hang fails fast.
TIMEOUT_S = 10

LOOKUP_TOOL = {
    "type": "function",
    "function": {"name": "lookup", "parameters": {"type": "object", "properties": {"q": {"type": "string"}}}},
}
HELLO = [{"role": "user", "content": "Hello"}]


def make_client(vendor: str = "openai") -> OpenAI:
    # No retries: a retried error would slow the suite and could hide what the gateway answered first.
    return OpenAI(
        api_key=PLACEHOLDER_KEY, base_url=f"{GATEWAY_URL}/gateway/{vendor}/v1", max_retries=0, timeout=TIMEOUT_S
    )


@pytest.fixture
def client():
    with make_client() as c:
        yield c


# Chat completions


@pytest.mark.parametrize("vendor", ["openai", "vendor-a"])
def test_chat_completion(vendor):
    with make_client(vendor) as c:
        completion = c.chat.completions.create(model="gpt-chat", messages=HELLO, temperature=0.3)
    assert completion.object == "chat.completion"
    assert completion.choices[0].message.content == "reply to: Hello"
    assert completion.choices[0].finish_reason == "stop"
    assert completion.usage is not None and completion.usage.total_tokens == 18


def test_chat_stream(client):
    chunks = list(client.chat.completions.create(model="gpt-chat", messages=HELLO, stream=True))
    assert "".join(c.choices[0].delta.content or "" for c in chunks) == "Hello from upstream"
    assert chunks[-1].choices[0].finish_reason == "stop"
    # The gateway asks the provider for usage on its own; a client that did not ask must not get the choiceless usage chunk.
    assert all(c.choices for c in chunks)


def test_chat_stream_with_usage_when_asked(client):
    stream = client.chat.completions.create(
        model="gpt-chat", messages=HELLO, stream=True, stream_options={"include_usage": True}
    )
    usage = [c.usage for c in stream if c.usage]
    assert len(usage) == 1
    assert (usage[0].prompt_tokens, usage[0].completion_tokens, usage[0].total_tokens) == (11, 7, 18)


def test_streamed_tool_call_is_accumulated(client):
    """The SDK's `.stream()` helper stitches the tool call's argument fragments back together."""
    with client.chat.completions.stream(
        model="gpt-tools", messages=[{"role": "user", "content": "find x"}], tools=[LOOKUP_TOOL]
    ) as stream:
        fragments = [e.arguments_delta for e in stream if e.type == "tool_calls.function.arguments.delta"]
        final = stream.get_final_completion()
    # The upstream opens the call with empty arguments, then sends them in two pieces.
    assert [f for f in fragments if f] == ['{"q":', '"x"}']
    choice = final.choices[0]
    assert choice.finish_reason == "tool_calls"
    call = choice.message.tool_calls[0]
    assert (call.id, call.function.name, call.function.arguments) == ("call_1", "lookup", '{"q":"x"}')


# Embeddings


def test_embeddings(client):
    # Without encoding_format the SDK asks for base64 and decodes it itself: the relayed body must survive that.
    result = client.embeddings.create(model="gpt-embed", input=["one", "two"])
    assert [d.embedding for d in result.data] == [[0.25, -0.5, 0.125], [1.25, -0.5, 0.125]]
    assert result.usage.total_tokens == 5


# Responses


def test_responses_create(client):
    response = client.responses.create(model="gpt-responses", input="Hello", instructions="Be brief.")
    assert response.status == "completed"
    assert response.output_text == "reply to: Hello"
    assert response.instructions == "Be brief."
    assert response.usage.total_tokens == 23


def test_responses_stream_events(client):
    events = list(client.responses.create(model="gpt-responses", input="Hi", stream=True))
    # Every event the upstream sent arrives, in order, typed by the SDK.
    assert [e.type for e in events] == [
        "response.created",
        "response.in_progress",
        "response.output_item.added",
        "response.content_part.added",
        "response.output_text.delta",
        "response.output_text.delta",
        "response.output_text.done",
        "response.content_part.done",
        "response.output_item.done",
        "response.completed",
    ]
    assert [e.sequence_number for e in events] == list(range(len(events)))
    assert "".join(e.delta for e in events if e.type == "response.output_text.delta") == "Hello"
    completed = events[-1].response
    assert completed.output_text == "Hello"
    assert completed.usage.total_tokens == 23


# Errors


@pytest.mark.parametrize(
    "endpoint, error, status",
    [
        ("gpt-401", openai.AuthenticationError, 401),
        ("gpt-429", openai.RateLimitError, 429),
        ("gpt-500", openai.InternalServerError, 500),
    ],
)
def test_provider_errors_are_the_sdks_exceptions(client, endpoint, error, status):
    with pytest.raises(error) as caught:
        client.chat.completions.create(model=endpoint, messages=HELLO)
    assert caught.value.status_code == status
    # OpenAI's error envelope is relayed, so the SDK reads its fields.
    assert isinstance(caught.value.body, dict) and caught.value.body.get("message")


def test_rate_limit_keeps_retry_after(client):
    with pytest.raises(openai.RateLimitError) as caught:
        client.chat.completions.create(model="gpt-429", messages=HELLO)
    assert caught.value.code == "rate_limit_exceeded"
    assert caught.value.response.headers.get("retry-after") == "3"


def test_mid_stream_reset_raises_while_iterating(client):
    stream = client.chat.completions.create(model="gpt-reset", messages=HELLO, stream=True)
    started = time.monotonic()
    received = []
    # The gateway ends a broken stream with an OpenAI-shaped error event, which the SDK raises as its own error.
    with pytest.raises(openai.APIError):
        for chunk in stream:
            received.append(chunk)
    # Well inside the client timeout: the reset itself ended the stream, not a read timeout after a hang.
    assert time.monotonic() - started < TIMEOUT_S / 2
    # It broke off mid-way: some pieces arrived, the finish did not.
    text = "".join(c.choices[0].delta.content or "" for c in received if c.choices)
    assert text == "ab"
