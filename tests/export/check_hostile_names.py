#!/usr/bin/env python3
"""Every writer, one trace of hostile names: what a trace names (kernels,
library kernels, the GPU, the stream's pid, the file) goes through the
headless command line into JSON, CSV, the Markdown report (rendered as
GitHub does, by cmark-gfm, and by Python-Markdown), the timeline SVG and
the roofline SVG, and every output must stay what it is: the report's
names are text (no tag, no link, no heading of theirs, table rows whole),
the CSV one record a row with no formula, the SVGs well-formed XML.

    check_hostile_names.py RIDGELINE_BINARY WORK_DIR
Exits 1 naming each breach; 77 (skipped) when a renderer is missing.
"""
import csv
import html.parser
import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

HOSTILE = [
    "triton_poi_fused_`<img src=x onerror=alert(1)>`_0",
    "triton_poi_fused_add_[click](javascript:alert(1))_1",
    "triton_red_fused_a|b|c_2",
    "triton_poi_fused_\r\n# injected heading_3",
    "triton_per_fused_<script>alert(1)</script>_4",
]
LIBRARY = ["=cmd|' /C calc'!A0", "@SUM(1+1)", "+1", "-2+3", "lib\u0001\u001f\u007fkernel", "`` `<b>x</b>` ``"]
GPU = "<h1>MI300X</h1>\r\n# injected\n| a | b |"
PID = "2<img src=y onerror=alert(2)>"


def event(name, ts, dur, correlation, pid=PID):
    return {"ph": "X", "cat": "kernel", "name": name, "pid": pid, "tid": 7, "ts": ts, "dur": dur,
            "args": {"correlation": correlation, "grid": [64, 1, 1], "block": [256, 1, 1]}}


def write_trace(path):
    events = []
    ts = 1000.0
    for round_ in range(3):
        for i, name in enumerate(HOSTILE + LIBRARY):
            events.append(event(name, ts, 5.0 + i, 1 + len(events)))
            ts += 20.0
    trace = {"schemaVersion": 1, "deviceProperties": [{"name": GPU}], "traceEvents": events}
    with open(path, "w", encoding="utf-8") as f:
        json.dump(trace, f)


class Tags(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def check_html(label, text, image_name, breaches):
    parser = Tags()
    parser.feed(text)
    for tag, attrs in parser.tags:
        for key, value in attrs.items():
            if key.startswith("on"):
                breaches.append("%s: an event handler attribute %s=%r" % (label, key, value))
            if value and "javascript:" in value.lower():
                breaches.append("%s: a javascript: link in %s" % (label, tag))
        if tag in ("script", "iframe", "object", "embed", "style"):
            breaches.append("%s: a <%s> element" % (label, tag))
        if tag == "img" and attrs.get("src", "") not in (image_name, "./" + image_name):
            breaches.append("%s: an image that is not the roofline: %r" % (label, attrs))
        if tag == "a" and not attrs.get("href", "").startswith(("./", "#", "/")) and attrs.get("href") != image_name:
            breaches.append("%s: a link the report did not write: %r" % (label, attrs))
    if "injected heading" in text and ("<h1>injected" in text or "<h2>injected" in text or "<h1># injected" in text):
        breaches.append("%s: a trace's name became a heading" % label)
    if "<h1>MI300X" in text:
        breaches.append("%s: the GPU name is raw HTML" % label)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    binary, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    trace = os.path.join(work, "trace `x` [a](javascript:alert(1)) <b>.json")
    write_trace(trace)
    report = os.path.join(work, "report.md")
    image_name = "roofline (1).svg"
    outputs = {
        "json": os.path.join(work, "table.json"),
        "csv": os.path.join(work, "table.csv"),
        "timeline": os.path.join(work, "timeline.svg"),
    }
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    runs = [
        ["--export", outputs["json"], "--report", report, "--export-roofline", os.path.join(work, image_name),
         "--export-timeline", outputs["timeline"], trace],
        ["--export", outputs["csv"], trace],
    ]
    for args in runs:
        done = subprocess.run([binary, "-q"] + args, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit("ridgeline %s failed (%d): %s" % (" ".join(args), done.returncode, done.stderr))

    breaches = []
    with open(outputs["json"], encoding="utf-8") as f:
        names = {row["name"] for row in json.load(f).get("kernels", [])}
    for name in HOSTILE:
        if name not in names:
            breaches.append("JSON: the kernel %r is not there as it was named" % name)

    with open(outputs["csv"], newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    width = len(rows[0]) if rows else 0
    for number, row in enumerate(rows[1:], 2):
        if len(row) != width:
            breaches.append("CSV: record %d has %d fields, the header %d" % (number, len(row), width))
        for field in row:
            if field[:1] in ("=", "+", "@", "\t", "\r") or (field[:1] == "-" and not _is_number(field)):
                breaches.append("CSV: record %d holds a formula: %r" % (number, field))

    for label in ("timeline", ):
        try:
            ET.parse(outputs[label])
        except ET.ParseError as error:
            breaches.append("%s SVG: not well-formed XML: %s" % (label, error))
    try:
        ET.parse(os.path.join(work, image_name))
    except ET.ParseError as error:
        breaches.append("roofline SVG: not well-formed XML: %s" % error)

    with open(report, encoding="utf-8") as f:
        markdown = f.read()
    for line_number, line in enumerate(markdown.split("\n"), 1):
        if "\r" in line:
            breaches.append("report line %d holds a carriage return" % line_number)
    tables = [line for line in markdown.split("\n") if line.startswith("|")]
    renderers = []
    if shutil.which("cmark-gfm"):
        renderers.append(("cmark-gfm", lambda text: subprocess.run(
            ["cmark-gfm", "--unsafe", "-e", "table", "-e", "autolink", "-e", "strikethrough"],
            input=text, capture_output=True, text=True, check=True).stdout))
    try:
        import markdown as python_markdown
        renderers.append(("Python-Markdown", lambda text: python_markdown.markdown(text, extensions=["tables"])))
    except ImportError:
        pass
    if len(renderers) < 2:
        print("check_hostile_names: cmark-gfm or python3-markdown is missing: skipped (install them: packaging/buildroot.sh lists them)")
        sys.exit(77)
    for name, render in renderers:
        rendered = render(markdown)
        check_html("report under " + name, rendered, image_name.replace(" ", "%20").replace("(", "%28").replace(")", "%29"), breaches)
        if name == "cmark-gfm":
            # Each table's rows keep their cell count: a name's | or line break splits none.
            check_table_rows(markdown, rendered, breaches)

    for breach in breaches:
        print("BREACH:", breach)
    print("check_hostile_names: %d breaches over JSON, CSV, two SVGs and the report under %s"
          % (len(breaches), " and ".join(n for n, _ in renderers)))
    sys.exit(1 if breaches else 0)


def check_table_rows(markdown, rendered, breaches):
    class Cells(html.parser.HTMLParser):
        def __init__(self):
            super().__init__()
            self.rows = []

        def handle_starttag(self, tag, attrs):
            if tag == "tr":
                self.rows.append(0)
            elif tag in ("td", "th") and self.rows:
                self.rows[-1] += 1

    cells = Cells()
    cells.feed(rendered)
    # Rows of one table have one count; a count no header has is a split row.
    header_counts = set()
    for line in markdown.split("\n"):
        if line.startswith("|") and set(line.replace("|", "").strip()) <= set("-: "):
            header_counts.add(line.count("|") - 1)
    for count in cells.rows:
        if count not in header_counts and header_counts:
            breaches.append("report: a table row of %d cells where the tables have %s" % (count, sorted(header_counts)))
            break


def _is_number(text):
    try:
        float(text)
        return True
    except ValueError:
        return False


if __name__ == "__main__":
    main()
