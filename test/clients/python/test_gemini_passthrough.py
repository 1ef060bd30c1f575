"""The official google-genai Python SDK, holding only a placeholder key, against /gateway/gemini.

Run by test/clients/python-passthrough.test.ts, which starts the gateway and a fake
Gemini upstream and passes GATEWAY_URL and PLACEHOLDER_KEY. The fake answers by the
model each endpoint is configured with, so each endpoint stands for one behaviour:
  gem            generateContent, plain or streamed ("Hello from upstream")
  gem-tools      a `get_weather` function call instead of text
  gem-401, gem-429, gem-500   that error, in Google's envelope
  gem-reset      a stream whose connection the upstream drops after two pieces
The jest side checks what reached the upstream (server key, configured model, no ?key=).
"""

import os
import time

import pytest
from google import genai
from google.genai import errors, types

GATEWAY_URL = os.environ["GATEWAY_URL"]
PLACEHOLDER_KEY = os.environ["PLACEHOLDER_KEY"]
# Long enough for any honest answer from a local fake, short enough that a hang fails fast.
TIMEOUT_S = 10

WEATHER_TOOL = types.Tool(
    function_declarations=[
        types.FunctionDeclaration(
            name="get_weather",
            description="Current weather in a city",
            parameters=types.Schema(type="OBJECT", properties={"city": types.Schema(type="STRING")}),
        )
    ]
)


def make_client(vendor: str = "gemini", api_version: str | None = None) -> genai.Client:
    # No retry_options: the SDK then never retries, so each test sees the gateway's first answer.
    options = types.HttpOptions(
        base_url=f"{GATEWAY_URL}/gateway/{vendor}",
        # None: the SDK's own default version (v1 for this SDK; the JS SDK uses v1beta). The gateway keeps either.
        api_version=api_version,
        timeout=TIMEOUT_S * 1000,
    )
    return genai.Client(api_key=PLACEHOLDER_KEY, http_options=options)


@pytest.fixture
def client():
    with make_client() as c:
        yield c


@pytest.mark.parametrize("vendor", ["gemini", "vendor-c"])
def test_generate_content(vendor):
    with make_client(vendor) as c:
        response = c.models.generate_content(
            model="gem", contents="Hello", config=types.GenerateContentConfig(temperature=0.1)
        )
    assert response.text == "reply to: Hello"
    assert response.candidates[0].finish_reason == types.FinishReason.STOP
    usage = response.usage_metadata
    assert (usage.prompt_token_count, usage.candidates_token_count, usage.total_token_count) == (13, 8, 23)


def test_generate_content_on_v1beta():
    # The version the client addresses is the version relayed (the jest side checks the upstream saw both).
    with make_client(api_version="v1beta") as c:
        assert c.models.generate_content(model="gem", contents="Hello").text == "reply to: Hello"


def test_count_tokens(client):
    # Gemini CLI and the SDK count before a turn: relayed to Gemini's countTokens, which the fake answers with the prompt's word count.
    counted = client.models.count_tokens(model="gem", contents="Count these four words")
    assert counted.total_tokens == 4


def test_generate_content_stream(client):
    chunks = list(client.models.generate_content_stream(model="gem", contents="Hi there"))
    assert [c.text for c in chunks] == ["Hello", " from", " upstream"]
    # Only the last chunk has the finish reason and the full usage.
    assert chunks[-1].candidates[0].finish_reason == types.FinishReason.STOP
    assert chunks[-1].usage_metadata.total_token_count == 23


def test_function_call(client):
    response = client.models.generate_content(
        model="gem-tools",
        contents="Weather in Paris?",
        config=types.GenerateContentConfig(
            tools=[WEATHER_TOOL],
            # Otherwise the SDK would run the (absent) Python function itself.
            automatic_function_calling=types.AutomaticFunctionCallingConfig(disable=True),
        ),
    )
    assert [(call.name, call.args) for call in response.function_calls] == [("get_weather", {"city": "Paris"})]
    assert response.text is None


@pytest.mark.parametrize(
    "endpoint, error, code, status",
    [
        ("gem-401", errors.ClientError, 401, "UNAUTHENTICATED"),
        ("gem-429", errors.ClientError, 429, "RESOURCE_EXHAUSTED"),
        ("gem-500", errors.ServerError, 500, "INTERNAL"),
    ],
)
def test_provider_errors_are_the_sdks_exceptions(client, endpoint, error, code, status):
    with pytest.raises(error) as caught:
        client.models.generate_content(model=endpoint, contents="Hello")
    # Google's error envelope is relayed, so the SDK reads code, status and message from it.
    assert (caught.value.code, caught.value.status) == (code, status)
    assert caught.value.message


def test_mid_stream_reset_raises_while_iterating(client):
    started = time.monotonic()
    text = ""
    # The gateway ends a broken SSE stream with Google's in-stream error element, which the SDK raises by its code.
    with pytest.raises(errors.ServerError):
        for chunk in client.models.generate_content_stream(model="gem-reset", contents="Hello"):
            text += chunk.text or ""
    # Well inside the client timeout: the reset itself ended the stream, not a read timeout after a hang.
    assert time.monotonic() - started < TIMEOUT_S / 2
    # It broke off mid-way: some pieces arrived, the rest did not.
    assert text == "ab"
