"""The official Python SDKs presenting gateway keys where each sends its API key.

Run by test/clients/gateway-keys-python.test.ts, which starts a gateway with
`auth: {require_keys: true}` and fake upstreams, creates the keys through /api/keys and
passes them here:
  KEY_ALL       scoped to every endpoint
  KEY_GPT_ONLY  scoped to the `gpt` endpoint
  KEY_REVOKED   revoked before this file runs
Endpoints: gpt (an OpenAI upstream), claude (an Anthropic one), gem (a Gemini one).
The jest side checks that no gateway key reached an upstream.
"""

import os

import anthropic
import openai
import pytest
from google import genai
from google.genai import errors

GATEWAY_URL = os.environ["GATEWAY_URL"]
KEY_ALL = os.environ["KEY_ALL"]
KEY_GPT_ONLY = os.environ["KEY_GPT_ONLY"]
KEY_REVOKED = os.environ["KEY_REVOKED"]
UNKNOWN_KEY = "mgw-" + "Q" * 43
TIMEOUT_S = 10
HELLO = [{"role": "user", "content": "Hello"}]


def openai_client(key: str, path: str = "native/v1") -> openai.OpenAI:
    # No retries: a retried error would hide what the gateway answered first.
    return openai.OpenAI(api_key=key, base_url=f"{GATEWAY_URL}/gateway/{path}", max_retries=0, timeout=TIMEOUT_S)


def anthropic_client(key: str) -> anthropic.Anthropic:
    return anthropic.Anthropic(api_key=key, base_url=f"{GATEWAY_URL}/gateway/anthropic", max_retries=0, timeout=TIMEOUT_S)


def genai_client(key: str) -> genai.Client:
    return genai.Client(api_key=key, http_options={"base_url": f"{GATEWAY_URL}/gateway/gemini", "timeout": TIMEOUT_S * 1000})


def test_openai_calls_with_a_key_as_bearer():
    completion = openai_client(KEY_GPT_ONLY).chat.completions.create(model="gpt", messages=HELLO)
    assert "Hello" in completion.choices[0].message.content
    translated = openai_client(KEY_ALL, "openai/v1").chat.completions.create(model="claude", messages=HELLO)
    assert translated.choices[0].message.content


def test_openai_lists_only_the_keys_models():
    assert [model.id for model in openai_client(KEY_GPT_ONLY).models.list()] == ["gpt"]


@pytest.mark.parametrize("key", [UNKNOWN_KEY, KEY_REVOKED, "sk-placeholder"])
def test_openai_raises_authentication_error(key):
    with pytest.raises(openai.AuthenticationError) as raised:
        openai_client(key).chat.completions.create(model="gpt", messages=HELLO)
    assert raised.value.status_code == 401
    assert raised.value.code == "gateway_key_invalid"


def test_openai_raises_permission_denied_outside_the_scope():
    with pytest.raises(openai.PermissionDeniedError) as raised:
        openai_client(KEY_GPT_ONLY).chat.completions.create(model="claude", messages=HELLO)
    assert raised.value.code == "endpoint_not_allowed"


def test_anthropic_calls_with_a_key_as_x_api_key():
    message = anthropic_client(KEY_ALL).messages.create(model="claude", max_tokens=32, messages=HELLO)
    assert message.content[0].text == "reply to: Hello"


@pytest.mark.parametrize("key", [UNKNOWN_KEY, KEY_REVOKED])
def test_anthropic_raises_authentication_error(key):
    with pytest.raises(anthropic.AuthenticationError):
        anthropic_client(key).messages.create(model="claude", max_tokens=8, messages=HELLO)


def test_anthropic_raises_permission_denied_outside_the_scope():
    with pytest.raises(anthropic.PermissionDeniedError):
        anthropic_client(KEY_GPT_ONLY).messages.create(model="claude", max_tokens=8, messages=HELLO)


# Each client is held in a variable for the call: one collected mid-call closes its HTTP client.
def test_genai_calls_with_a_key_as_x_goog_api_key():
    client = genai_client(KEY_ALL)
    response = client.models.generate_content(model="gem", contents="Hello")
    assert response.text == "reply to: Hello"


def test_genai_raises_client_errors_401_and_403():
    unknown_client = genai_client(UNKNOWN_KEY)
    with pytest.raises(errors.ClientError) as unknown:
        unknown_client.models.generate_content(model="gem", contents="x")
    assert unknown.value.code == 401
    scoped_client = genai_client(KEY_GPT_ONLY)
    with pytest.raises(errors.ClientError) as denied:
        scoped_client.models.generate_content(model="gem", contents="x")
    assert denied.value.code == 403
