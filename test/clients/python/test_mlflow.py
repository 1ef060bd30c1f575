"""MLflow 3.17 as a client of the gateway, unchanged: judges, a built-in scorer, evaluate, deployments, LiteLLM.

Run by test/clients/mlflow.test.ts, which starts a gateway process in front of local fakes
and passes its address in GATEWAY_URL (and MLFLOW_GATEWAY_URI, as a user would set it).
The fakes answer a structured-output request with JSON of the requested schema and take
values from `[[name=value]]` markers in the prompt, so each assertion below checks a value
that travelled from this file, through the gateway, to the provider's format and back.
Endpoints:
  judge-openai     chat on the OpenAI-format fake (gpt-4o-mini)
  judge-anthropic  chat on the Anthropic-format fake (claude-haiku-4-5)
  judge-gemini     chat on the Gemini-format fake (gemini-2.5-flash)
  judge-plain      chat on an OpenAI-format fake that refuses response_format with a 400
                   and answers JSON in text without it (a model without structured output)
  my-embed         embeddings on the OpenAI-format fake
"""

import os
from typing import Literal

import pytest

GATEWAY_URL = os.environ["GATEWAY_URL"]
JUDGE_ENDPOINTS = ["judge-openai", "judge-anthropic", "judge-gemini", "judge-plain"]



@pytest.fixture(scope="module", autouse=True)
def experiment_outside_the_repo():
    """Runs and traces go to the jest side's temp folder; the default experiment would write ./mlruns."""
    import mlflow

    experiment_id = mlflow.create_experiment("gateway-judges", artifact_location=os.environ["MLFLOW_TEST_ARTIFACTS"])
    mlflow.set_experiment(experiment_id=experiment_id)


INSTRUCTIONS = "Does the answer in {{ outputs }} correctly answer the question in {{ inputs }}? Answer yes or no."


def make_grader(endpoint: str):
    from mlflow.genai.judges import make_judge

    return make_judge(
        name="grader",
        instructions=INSTRUCTIONS,
        model=f"gateway:/{endpoint}",
        feedback_value_type=Literal["yes", "no"],
    )


@pytest.mark.parametrize("endpoint", JUDGE_ENDPOINTS)
def test_make_judge_gets_feedback_through_every_provider_format(endpoint):
    grader = make_grader(endpoint)
    yes = grader(
        inputs={"question": "What is 2 + 2?"},
        outputs={"answer": "4 [[result=yes]] [[rationale=2 + 2 is 4, so the answer is right]]"},
    )
    assert yes.value == "yes"
    assert yes.rationale == "2 + 2 is 4, so the answer is right"
    no = grader(
        inputs={"question": "What is the capital of France?"},
        outputs={"answer": "Lyon [[result=no]] [[rationale=the capital is Paris, not Lyon]]"},
    )
    assert no.value == "no"
    assert no.rationale == "the capital is Paris, not Lyon"
    assert no.error is None


def test_builtin_correctness_scorer():
    from mlflow.genai.scorers import Correctness

    scorer = Correctness(model="gateway:/judge-anthropic")
    feedback = scorer(
        inputs={"question": "Who wrote Hamlet?"},
        outputs="Shakespeare wrote it.",
        expectations={"expected_response": "William Shakespeare [[result=yes]] [[rationale=both name Shakespeare]]"},
    )
    assert feedback.error is None
    assert str(feedback.value).lower().endswith("yes")
    assert feedback.rationale == "both name Shakespeare"


def test_evaluate_three_rows_with_a_judge_and_a_builtin_scorer():
    import mlflow
    from mlflow.genai.scorers import Correctness

    rows = [
        ("2 + 2?", "4", "yes", "right sum"),
        ("Capital of France?", "Lyon", "no", "it is Paris"),
        ("Colour of the sky?", "blue", "yes", "the sky is blue"),
    ]
    data = [
        {
            "inputs": {"question": question},
            "outputs": f"{answer} [[result={verdict}]] [[rationale={why}]]",
            "expectations": {"expected_response": f"{answer} [[result={verdict}]] [[rationale={why}]]"},
        }
        for question, answer, verdict, why in rows
    ]
    result = mlflow.genai.evaluate(data=data, scorers=[make_grader("judge-gemini"), Correctness(model="gateway:/judge-openai")])
    table = result.result_df
    assert len(table) == 3
    for question, _answer, verdict, why in rows:
        row = table[table["request"].map(lambda request: request == {"question": question})].iloc[0]
        assert row["grader/value"] == verdict
        assert row["grader/rationale"] == why
        assert row["correctness/value"] == verdict
        assert row["correctness/rationale"] == why
    # Correctness is a yes/no scorer: its mean is the share of "yes".
    assert result.metrics["correctness/mean"] == pytest.approx(2 / 3)


def test_deployments_client_list_get_predict():
    from mlflow.deployments import get_deploy_client

    client = get_deploy_client(GATEWAY_URL)
    endpoints = {e.name: e for e in client.list_endpoints()}
    assert set(endpoints) == {*JUDGE_ENDPOINTS, "my-embed"}
    assert endpoints["my-embed"].endpoint_type == "llm/v1/embeddings"
    assert endpoints["judge-anthropic"].model.provider == "anthropic"

    one = client.get_endpoint("judge-openai")
    assert one.endpoint_type == "llm/v1/chat"
    assert one.model.name == "gpt-4o-mini"
    assert one.endpoint_url == f"{GATEWAY_URL}/gateway/judge-openai/mlflow/invocations"

    chat = client.predict(endpoint="judge-gemini", inputs={"messages": [{"role": "user", "content": "hello there"}], "temperature": 0.2})
    assert chat["choices"][0]["message"]["content"] == "reply to: hello there"
    assert chat["usage"]["total_tokens"] > 0

    embedded = client.predict(endpoint="my-embed", inputs={"input": ["alpha", "beta"]})
    assert [d["index"] for d in embedded["data"]] == [0, 1]

    with pytest.raises(Exception, match="does not exist"):
        client.get_endpoint("no-such-endpoint")


def test_litellm_as_a_client():
    import litellm

    response = litellm.completion(
        model="openai/judge-anthropic",
        api_base=f"{GATEWAY_URL}/gateway/mlflow/v1",
        api_key="placeholder-client-key",
        messages=[{"role": "user", "content": "through litellm"}],
        extra_headers={"x-gateway-caller": "litellm-app"},
    )
    assert response.choices[0].message.content == "reply to: through litellm"
    assert response.usage.total_tokens > 0
