"""The request oracle's process: newline-delimited JSON on stdin, one answer line per request on stdout.

A request is `{"id", "format", "kind", "path", "body"}`; the answer `{"id", "ok", "problems"}`.
With `"kind": "answer"`, `format` names a response model of validate_answers.py (e.g.
`openai.ChatCompletion`) and the body is a gateway's answer (the test gateways' answer tap).
One process serves a jest worker for its whole life, so the SDKs are imported once.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

started = time.perf_counter()
from request_types import CHECKERS  # noqa: E402

# The warm-up thread and the answer loop both write lines; one at a time.
output = threading.Lock()


def answer_problems(request: dict) -> list[str]:
    # Imported on the first answer: a worker whose tests start no gateway never pays for the response models.
    from validate_answers import validate
    return validate(request.get('format'), request.get('body'))


def answer(request: dict) -> dict:
    if request.get('kind') == 'answer':
        try:
            problems = answer_problems(request)
        except Exception as error:  # noqa: BLE001 - as below: a bug answers, it does not kill the oracle
            problems = [f'the answer validator failed: {type(error).__name__}: {error}']
        return {'ok': not problems, 'problems': problems}
    checker = CHECKERS.get(request.get('format'))
    if request.get('kind', 'request') != 'request' or checker is None:
        return {'ok': False, 'problems': [f"no checker for {request.get('kind')} of format {request.get('format')!r}"]}
    try:
        problems = checker(request.get('body'), request.get('path', ''))
    except Exception as error:  # noqa: BLE001 - a checker's bug must answer, not kill the worker's oracle
        problems = [f'the validator failed: {type(error).__name__}: {error}']
    return {'ok': not problems, 'problems': problems}


def warm() -> None:
    """Imports every SDK and builds its types, reporting the seconds it took."""
    begun = time.perf_counter()
    for checker in CHECKERS.values():
        checker({}, '/model/m/converse')
    with output:
        print(json.dumps({'warmSeconds': round(time.perf_counter() - begun, 3)}), flush=True)


def main() -> None:
    print(json.dumps({'ready': True, 'startupSeconds': round(time.perf_counter() - started, 3)}), flush=True)
    if '--warm' in sys.argv:
        # In the background, so a fake starts at once; a request that needs an SDK still importing waits on its import lock.
        threading.Thread(target=warm, daemon=True).start()
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        reply = json.dumps({'id': request.get('id'), **answer(request)})
        with output:
            print(reply, flush=True)


if __name__ == '__main__':
    main()
