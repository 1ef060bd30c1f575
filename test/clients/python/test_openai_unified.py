"""The official openai Python SDK, holding only a placeholder key, against the gateway's unified APIs.

Run by test/clients/python-sdks.test.ts, which starts the gateway (and the local
upstreams behind it) and passes its address in GATEWAY_URL. The endpoints:
  my-chat   chat on the fake OpenAI upstream (model gpt-4o-mini)
  my-embed  embeddings on the fake OpenAI upstream (model text-embedding-3-small)
  demo      chat on the built-in mock provider
  my-tools  chat on the scripted upstream, which streams a `lookup` tool call
  limited   chat on the scripted upstream, which always answers 429
The jest side checks what reached the upstreams (server key, configured model).
"""

import array
import base64
import os

import openai
import pytest
from openai import OpenAI
from openai.lib.streaming.chat import ChatCompletionStreamState

GATEWAY_URL = os.environ["GATEWAY_URL"]
# What a client holds instead of a real key; the gateway injects the provider's own.
PLACEHOLDER_KEY = "<API_KEY>"

LOOKUP_TOOL = {
    "type": "function",
    "function": {"name": "lookup", "parameters": {"type": "object", "properties": {"q": {"type": "string"}}}},
}


def make_client(base_url: str) -> OpenAI:
    # No retries: a retried 429 would slow the suite and could hide what the gateway answered first.
    return OpenAI(api_key=PLACEHOLDER_KEY, base_url=base_url, max_retries=0, timeout=10)


@pytest.fixture
def client():
    """Route 2: the OpenAI-compatible base URL; the endpoint name goes in `model`."""
    with make_client(f"{GATEWAY_URL}/gateway/native/v1") as c:
        yield c


@pytest.fixture
def native():
    """Route 1 has no OpenAI path of its own: the endpoint is in the base URL, the SDK's generic `post` reaches it."""
    opened = []

    def for_endpoint(endpoint: str) -> OpenAI:
        opened.append(make_client(f"{GATEWAY_URL}/gateway/{endpoint}/native"))
        return opened[-1]

    yield for_endpoint
    for c in opened:
        c.close()


# Route 2: /gateway/native/v1


def test_chat_completion(client):
    completion = client.chat.completions.create(
        model="my-chat", messages=[{"role": "user", "content": "Hello"}], temperature=0.5
    )
    assert completion.choices[0].message.content == "reply to: Hello"
    assert completion.choices[0].finish_reason == "stop"
    assert completion.usage is not None and completion.usage.total_tokens == 18


def test_chat_stream_with_usage(client):
    stream = client.chat.completions.create(
        model="my-chat",
        messages=[{"role": "user", "content": "Hello"}],
        stream=True,
        stream_options={"include_usage": True},
    )
    text, usage = "", None
    for chunk in stream:
        # The usage chunk comes last and has no choices.
        if chunk.choices:
            text += chunk.choices[0].delta.content or ""
        if chunk.usage:
            usage = chunk.usage
    assert text == "Hello from upstream"
    assert usage is not None
    assert (usage.prompt_tokens, usage.completion_tokens, usage.total_tokens) == (11, 7, 18)


def test_stream_helper_accumulates_tool_calls(client):
    """The SDK's `.stream()` helper stitches the tool call's argument fragments back together."""
    with client.chat.completions.stream(
        model="my-tools", messages=[{"role": "user", "content": "find x"}], tools=[LOOKUP_TOOL]
    ) as stream:
        fragments = [event.arguments_delta for event in stream if event.type == "tool_calls.function.arguments.delta"]
        final = stream.get_final_completion()
    # The upstream opens the call with empty arguments, then sends them in two pieces.
    assert [f for f in fragments if f] == ['{"q":', '"x"}']
    choice = final.choices[0]
    assert choice.finish_reason == "tool_calls"
    call = choice.message.tool_calls[0]
    assert (call.type, call.function.name, call.function.arguments) == ("function", "lookup", '{"q":"x"}')


def test_raw_stream_accumulates_tool_calls(client):
    """The same through create(stream=True), accumulated chunk by chunk the way the SDK documents."""
    state = ChatCompletionStreamState()
    for chunk in client.chat.completions.create(
        model="my-tools", messages=[{"role": "user", "content": "find x"}], tools=[LOOKUP_TOOL], stream=True
    ):
        state.handle_chunk(chunk)
    call = state.get_final_completion().choices[0].message.tool_calls[0]
    assert (call.id, call.function.name, call.function.arguments) == ("call_1", "lookup", '{"q":"x"}')


def test_embeddings_default_asks_for_base64_and_decodes(client):
    # Without encoding_format the SDK requests base64 and decodes it to floats itself.
    result = client.embeddings.create(model="my-embed", input=["one", "two"])
    assert [d.embedding for d in result.data] == [[0.25, -0.5, 0.125], [1.25, -0.5, 0.125]]
    assert result.usage.total_tokens == 5


def test_embeddings_float(client):
    result = client.embeddings.create(model="my-embed", input="one", encoding_format="float")
    assert result.data[0].embedding == [0.25, -0.5, 0.125]


def test_embeddings_explicit_base64_is_left_encoded(client):
    # Asked for explicitly, base64 is handed back untouched: the caller decodes (little-endian float32).
    result = client.embeddings.create(model="my-embed", input="one", encoding_format="base64")
    encoded = result.data[0].embedding
    assert isinstance(encoded, str)
    assert array.array("f", base64.b64decode(encoded)).tolist() == [0.25, -0.5, 0.125]


def test_models_list_and_retrieve(client):
    ids = sorted(model.id for model in client.models.list())
    assert ids == ["demo", "limited", "my-chat", "my-embed", "my-tools"]
    assert client.models.retrieve("demo").id == "demo"


def test_mock_provider_needs_no_keys(client):
    completion = client.chat.completions.create(model="demo", messages=[{"role": "user", "content": "echo me"}])
    assert completion.choices[0].message.content == "echo me"


def test_unknown_endpoint_is_not_found(client):
    with pytest.raises(openai.NotFoundError) as caught:
        client.chat.completions.create(model="missing", messages=[{"role": "user", "content": "x"}])
    assert caught.value.status_code == 404


def test_bad_temperature_is_bad_request(client):
    with pytest.raises(openai.BadRequestError) as caught:
        client.chat.completions.create(model="my-chat", messages=[{"role": "user", "content": "x"}], temperature=5)
    assert caught.value.status_code == 400
    assert caught.value.param == "temperature"
    assert caught.value.code == "invalid_parameter"


def test_upstream_rate_limit_is_rate_limit_error(client):
    with pytest.raises(openai.RateLimitError) as caught:
        client.chat.completions.create(model="limited", messages=[{"role": "user", "content": "x"}])
    assert caught.value.status_code == 429


# Route 1: /gateway/{endpoint}/native/invocations


def test_native_chat(native):
    completion = native("my-chat").post(
        "/invocations",
        body={"messages": [{"role": "user", "content": "Hi"}]},
        cast_to=openai.types.chat.ChatCompletion,
    )
    assert completion.object == "chat.completion"
    assert completion.choices[0].message.content == "reply to: Hi"


def test_native_chat_streamed(native):
    stream = native("my-chat").post(
        "/invocations",
        body={"messages": [{"role": "user", "content": "Hi"}], "stream": True},
        cast_to=openai.types.chat.ChatCompletionChunk,
        stream=True,
        stream_cls=openai.Stream[openai.types.chat.ChatCompletionChunk],
    )
    text = "".join(chunk.choices[0].delta.content or "" for chunk in stream if chunk.choices)
    assert text == "Hello from upstream"


def test_native_embeddings(native):
    result = native("my-embed").post(
        "/invocations", body={"input": "one"}, cast_to=openai.types.CreateEmbeddingResponse
    )
    assert result.object == "list"
    assert result.data[0].embedding == [0.25, -0.5, 0.125]
