"""Gemini clients that write proto field names, against /gateway/gemini, for an OpenAI endpoint.

Run by test/clients/gemini-snake-case-python.test.ts, which starts the gateway (endpoint
`gpt` on a fake OpenAI upstream) and passes GATEWAY_URL and PLACEHOLDER_KEY. The jest side
checks what reached the upstream: the tool with its parameters, the limit, the system prompt.
"""

import os

import litellm
from google import genai
from google.genai import types

GATEWAY_URL = os.environ["GATEWAY_URL"]
PLACEHOLDER_KEY = os.environ["PLACEHOLDER_KEY"]
TIMEOUT_S = 10

LOOKUP_SCHEMA = {"type": "object", "properties": {"user_id": {"type": "integer"}}, "required": ["user_id"]}


def test_litellm_gemini_provider_with_api_base_and_no_version():
    # LiteLLM's gemini/ provider appends /models/{model}:generateContent to api_base, with no version segment,
    # and writes system_instruction, function_declarations and generationConfig's max_output_tokens.
    response = litellm.completion(
        model="gemini/gpt",
        api_base=f"{GATEWAY_URL}/gateway/gemini",
        api_key=PLACEHOLDER_KEY,
        messages=[{"role": "system", "content": "litellm system"}, {"role": "user", "content": "Hello from litellm"}],
        tools=[{"type": "function", "function": {"name": "lookup_user", "description": "Finds a user.", "parameters": LOOKUP_SCHEMA}}],
        max_tokens=321,
        timeout=TIMEOUT_S,
        num_retries=0,
    )
    assert response.choices[0].message.content


def test_google_genai_python_with_snake_case_config():
    options = types.HttpOptions(base_url=f"{GATEWAY_URL}/gateway/gemini", api_version="v1beta", timeout=TIMEOUT_S * 1000)
    with genai.Client(api_key=PLACEHOLDER_KEY, http_options=options) as client:
        response = client.models.generate_content(
            model="gpt",
            contents="Hello from genai",
            config=types.GenerateContentConfig(
                system_instruction="genai system",
                max_output_tokens=654,
                top_p=0.5,
                tools=[types.Tool(function_declarations=[types.FunctionDeclaration(name="lookup_user", description="Finds a user.", parameters_json_schema=LOOKUP_SCHEMA)])],
            ),
        )
    assert response.text
