"""The privacy pages say what the server logs and for how long, in every language: what
tests/server/test_logs.py checks the server does, and docs/OPERATIONS.md asks of operators."""

import re

import pytest

pytestmark = pytest.mark.django_db

# Per language: the retention, then what is never logged (address, room id, cookie, the
# browser's description of itself).
PROMISES = {
    "ko": [r"14일", r"IP 주소", r"방 ID", r"쿠키", r"브라우저와 기기 정보"],
    "ja": [r"14\s*日", r"IP\s*アドレス", r"ルームの\s*ID", r"クッキー", r"ブラウザや端末の情報"],
    "zh-hans": [r"14\s*天", r"IP\s*地址", r"房间\s*ID", r"Cookie", r"浏览器和设备信息"],
}


@pytest.mark.parametrize("language", sorted(PROMISES))
def test_the_privacy_page_says_what_the_server_logs(client, language):
    html = client.get(f"/{language}/privacy/").content.decode()
    section = re.search(r'<section id="server-logs".*?</section>', html, re.S)
    assert section, "no #server-logs section"
    text = section.group(0)
    for promise in PROMISES[language]:
        assert re.search(promise, text), promise


def test_operations_doc_holds_the_same_retention():
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "OPERATIONS.md").read_text()
    assert "14 days" in doc
