#!/usr/bin/env python3
"""The step viewer (warpsim run P --trace html) in a real browser.

Opens pages written by warpsim in headless Chromium through Selenium (Debian's
chromium, chromium-driver and python3-selenium; nothing is downloaded), steps
through them with key presses and checks what the page shows against the JSON
trace of the same run (warpsim run P --trace json), which is written by
another writer and read here with Python's own parser:

  - every step, in trace order (and in one warp's order with the warp
    selector): the step number in the page and in the address (#step=N), the
    CUDA line, the listing line highlighted, and every lane of the register
    the step shows: its value (decimal, then hex bits and the bits as a float
    on some steps) or '-' for a lane that has exited or does not exist and
    did not execute the step;
  - the crossbar: one arrow per lane that read another lane, from the lane
    it read; the marks of out-of-range (own value) reads and of reads of
    lanes that did not take part (inactive, exited, absent);
  - the diagnostics: a step where lanes read exited lanes shows the
    EXITED_SOURCE diagnostic with exactly those lanes;
  - a lane's history (a click on its number), play and pause, a link to a step;
  - with --cost (issue 14), each step's cycles, when its warp is done so far,
    whether it is on the critical path and the run's critical path, against
    the JSON trace's "cost", and the cycles in a lane's history;
  - nothing logged on the console, nothing loaded from anywhere.

Screenshots of three steps are saved in the artifacts folder for a person to
look at (viewer-reduce-down-i32-step3.png, viewer-scan-incl-exited-step4.png,
viewer-reduce-down-f32-cost-step3.png). Usage: viewer_test.py WARPSIM ARTIFACTS_DIR [CHROMIUM CHROMEDRIVER].
Exit status: 0 passed, 1 failed, 77 skipped (no browser or no Selenium)."""

import json
import os
import struct
import subprocess
import sys
import tempfile
import time

SKIP = 77

try:
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select
except ImportError as e:
    print(f"SKIPPED: Selenium is not installed for {sys.executable} ({e}); apt-get install python3-selenium")
    sys.exit(SKIP)

# The runs: name, warpsim run arguments, and whether to check one warp's order.
CASES = [
    ("reduce-down-i32", ["reduce-down"]),
    ("reduce-down-sym", ["reduce-down", "--type", "sym"]),
    ("reduce-down-f32", ["reduce-down", "--type", "f32", "--gen", "rand:7"]),
    ("scan-incl-exited", ["scan-incl", "--active", "0xfff0ffff"]),
    ("scan-excl-absent", ["scan-excl", "--threads", "20"]),
    ("bitonic-64", ["bitonic", "--lanes", "64", "--type", "i64"]),
    ("block-reduce", ["block-reduce", "--block", "100"]),
    ("block-scan-sym-64", ["block-scan", "--lanes", "64", "--block", "128", "--type", "sym"]),
    ("reduce-down-f32-cost", ["reduce-down", "--type", "f32", "--cost"]),
    ("block-reduce-cost", ["block-reduce", "--block", "100", "--cost"]),
]
# The screenshots kept as artifacts: a step of the classic tree, and a
# step where lanes read exited lanes (marks and diagnostics).
SCREENSHOTS = {("reduce-down-i32", 3), ("scan-incl-exited", 4), ("reduce-down-f32-cost", 3), ("cc-diverge", 2)}

failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what)
    return ok


def lane_set(mask):
    m = int(mask, 16)
    return {lane for lane in range(64) if m >> lane & 1}


def gone(step, lane):
    """A lane shows '-' when it has exited or does not exist and did not execute the step."""
    return lane in (lane_set(step["exited"]) | lane_set(step["absent"])) and lane not in lane_set(step["executed"])


def as_float_bits(text, width):
    """The bits of a float written by the page, rounded to the width."""
    if text.startswith("nan("):
        return int(text[4:-1], 16)
    value = {"inf": float("inf"), "-inf": float("-inf")}.get(text)
    value = float(text) if value is None else value
    fmt = ("<f", "<I") if width == 32 else ("<d", "<Q")
    return struct.unpack(fmt[1], struct.pack(fmt[0], value))[0]


def read_kind(step, lane):
    """lane, own, inactive, exited or absent (as the page marks it), or None."""
    entry = step["lanes"][lane] if step["lanes"] else None
    if not entry or entry.get("read") in (None, "none"):
        return None
    if entry["read"] != "inactive":
        return entry["read"]
    src = entry["source"]
    if src in lane_set(step["absent"]):
        return "absent"
    return "exited" if src in lane_set(step["exited"]) else "inactive"


# One call returns everything the checks read from the page.
PAGE_STATE = """
const body = document.body, cur = document.querySelector('#regs tr.current');
return {
  step: Number(body.dataset.step), hash: location.hash,
  cuda: document.querySelector('#stepcuda code').textContent,
  line: (document.querySelector('#listing .line.current') || {}).textContent || null,
  lineIndex: [...document.querySelectorAll('#listing .line')].findIndex((e) => e.classList.contains('current')),
  listing: [...document.querySelectorAll('#listing .line')].map((e) => e.textContent),
  reg: cur ? cur.dataset.reg : null,
  cells: cur ? [...cur.querySelectorAll('td')].map((td) => {  // the value, without what the lane passed
    const c = td.cloneNode(true);
    c.querySelectorAll('small.passed').forEach((e) => e.remove());
    return c.textContent;
  }) : [],
  marks: cur ? [...cur.querySelectorAll('td')].map((td) =>
    (td.className.match(/read-(\\w+)/) || [null, null])[1]) : [],
  arrows: [...document.querySelectorAll('#xbar g.arrow')].map((g) =>
    [g.getAttribute('class').split(' ')[1], Number(g.dataset.lane), Number(g.dataset.source)]),
  diags: [...document.querySelectorAll('#diags .diag')].map((d) => d.textContent),
  cost: document.getElementById('cost').hidden ? null : document.getElementById('cost').textContent,
  resources: performance.getEntriesByType('resource').length,
};
"""


def expect_step(driver, trace, index, mode, case):
    page = driver.execute_script(PAGE_STATE)
    step = trace["steps"][index]
    where = f"{case}: step {step['step']}"
    if not check(page["step"] == step["step"], f"{where}: the page shows step {page['step']}"):
        return page
    check(page["hash"] == f"#step={step['step']}", f"{where}: the address says {page['hash']}")
    check(page["cuda"] == step["cuda"], f"{where}: CUDA line {page['cuda']!r}, trace {step['cuda']!r}")
    check(page["resources"] == 0, f"{where}: the page loaded {page['resources']} resources")
    # --cost: the step's cycles, done, critical path (the JSON's "cost").
    if "cost" in trace:
        c = next(x for x in trace["cost"]["steps"] if x["step"] == step["step"])
        want = (f"cycles: {c['cycles']}", f"; done at {c['done']} of {trace['cost']['critical_path']}")
        text = page["cost"] or ""
        check(text.startswith(want[0]) and want[1] in text and ("on the critical path" in text) == c["critical"]
              and "not a timing simulator" in text, f"{where}: the cost shown is {text!r}, the JSON says {c}")
    else:
        check(page["cost"] is None, f"{where}: a cost is shown without --cost: {page['cost']!r}")
    if step["register"] is None:
        check(page["reg"] is None, f"{where}: the step shows no register, but row {page['reg']} is current")
        return page
    check(page["reg"] == step["register"], f"{where}: current row {page['reg']}, trace {step['register']}")
    check(len(page["cells"]) == len(step["lanes"]), f"{where}: {len(page['cells'])} cells")
    width = 64 if step["type"] in ("f64", "i64", "u64") else 32
    for lane, (cell, entry) in enumerate(zip(page["cells"], step["lanes"])):
        if gone(step, lane):
            want = "-"
        elif mode == "hex" and "bits" in entry:
            want = entry["bits"]
        else:
            want = entry.get("value", "")  # a user's call: no value for a lane that did not run it
        if mode == "float" and "bits" in entry and want != "-":
            check(as_float_bits(cell, width) == int(entry["bits"], 16),
                  f"{where} lane {lane}: float view {cell!r} is not the bits {entry['bits']}")
        else:
            check(cell == want, f"{where} lane {lane} ({mode}): page {cell!r}, trace {want!r}")
    # The crossbar and the marks.
    want_arrows, want_marks = [], []
    for lane in range(len(step["lanes"])):
        kind = read_kind(step, lane)
        if kind is not None:
            want_arrows.append([kind, lane, step["lanes"][lane]["source"]])
        want_marks.append(kind if kind not in (None, "lane") else None)
    key = lambda a: (a[1], a[0])
    got = sorted(([k, lane, src] if k != "own" else [k, lane, None]) for k, lane, src in page["arrows"])
    want = sorted(([k, lane, src] if k != "own" else [k, lane, None]) for k, lane, src in want_arrows)
    check(sorted(got, key=key) == sorted(want, key=key), f"{where}: arrows {got} but reads {want}")
    check(page["marks"] == want_marks, f"{where}: marks {page['marks']} but reads {want_marks}")
    # Lanes reading exited lanes: the diagnostic is shown here, with those lanes.
    readers = {lane for lane in range(len(step["lanes"])) if read_kind(step, lane) == "exited"}
    if readers:
        mask = sum(1 << lane for lane in readers)
        text = [d for d in page["diags"] if d.startswith("EXITED_SOURCE")]
        check(len(text) == 1, f"{where}: {len(text)} EXITED_SOURCE diagnostics shown for lanes {sorted(readers)}")
        diags = [d for d in trace["diagnostics"] if d["code"] == "EXITED_SOURCE" and int(d["lanes"], 16) == mask
                 and d["block"] == step["block"] and d["warp"] == step["warp"]]
        check(any(t.endswith(d["message"]) for t in text for d in diags),
              f"{where}: the diagnostic shown is not the one for lanes {sorted(readers)}")
    return page


def key(driver, k):
    driver.find_element(By.TAG_NAME, "body").send_keys(k)


def traced(warpsim, args, fmt, out):
    """warpsim run ARGS --trace FMT, or (args a dict) a warpsim cc program with WARPSIM_TRACE."""
    if isinstance(args, dict):
        env = dict(os.environ, WARPSIM_TRACE=f"{fmt}:{out}", **args["env"])
        return subprocess.run([args["exe"]], capture_output=True, text=True, env=env, cwd=args["cwd"])
    return subprocess.run([warpsim, "run", *args, "--trace", fmt, "--output", out], capture_output=True, text=True)


def run_case(driver, warpsim, tmp, artifacts, case, args):
    html, js = os.path.join(tmp, case + ".html"), os.path.join(tmp, case + ".json")
    for fmt, out in (("html", html), ("json", js)):
        r = traced(warpsim, args, fmt, out)
        if not check(r.returncode == 0, f"{case}: {args} traced as {fmt}: exit {r.returncode} {r.stderr.strip()}"):
            return
    with open(js, encoding="utf-8") as f:
        trace = json.load(f)
    steps = trace["steps"]
    print(f"{case}: {len(steps)} steps, {os.path.getsize(html)} bytes")
    driver.get("file://" + html)
    # The legend's inactive read comes from the profile: 0 on sm90 and HIP
    # alike (docs/semantics.md, measured on the H200).
    legend = driver.find_element(By.ID, "inactive-read").text
    check(legend == "0", f"{case}: the legend says an inactive read gives {legend!r}, not 0")
    # Every step in trace order: Home, then the right arrow; hex and float
    # views on every fifth step.
    key(driver, Keys.HOME)
    for i in range(len(steps)):
        if i:
            key(driver, Keys.ARROW_RIGHT)
        page = expect_step(driver, trace, i, "dec", case)
        if page["line"] is not None:
            check(page["line"].strip() != "", f"{case}: step {i + 1}: an empty listing line is highlighted")
        # A user's kernel: its whole file is the listing, the step's own line highlighted, what
        # each lane passed shown under what it received.
        if "source_line" in steps[i]:
            src = args["source_lines"]
            check(page["listing"] == [l if l else " " for l in src][:len(page["listing"])] and
                  len(page["listing"]) == len(src), f"{case}: the listing is not the user's file")
            check(page["lineIndex"] == steps[i]["source_line"] - 1,
                  f"{case}: step {i + 1}: listing line {page['lineIndex'] + 1} highlighted, the call is at "
                  f"line {steps[i]['source_line']}")
            want = [str(e["value"]) for e in steps[i].get("in", [])]
            got = driver.execute_script("return [...document.querySelectorAll('#regs tr.current small.passed')]"
                                        ".map((e) => e.textContent.replace(/^in /, ''));")
            check(got == want, f"{case}: step {i + 1}: passed values shown {got}, the trace's {want}")
        # A shuffle's line is highlighted in the listing, and it is that shuffle.
        called = [w for w in ("__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync")
                  if w + "(" in steps[i]["cuda"]]
        if called:
            check(page["line"] is not None and called[0] + "(" in page["line"],
                  f"{case}: step {i + 1}: {steps[i]['cuda']!r} highlights {page['line']!r}")
            # block-reduce's listing has the tree twice: warp 0's second tree is the second.
            second = any(s["cuda"].startswith("if (wid == 0)") and (s["block"], s["warp"]) ==
                         (steps[i]["block"], steps[i]["warp"]) for s in steps[:i])
            if case == "block-reduce":
                trees = [n for n, text in enumerate(page["listing"]) if called[0] + "(" in text]
                check(len(trees) == 2 and page["lineIndex"] == trees[1 if second else 0],
                      f"{case}: step {i + 1}: line {page['lineIndex']} highlighted, the tree is {trees}")
        if i % 5 == 2 and trace["type"] != "sym":
            key(driver, "h")
            expect_step(driver, trace, i, "hex", case)
            key(driver, "f")
            expect_step(driver, trace, i, "float", case)
            key(driver, "d")
        if (case, i + 1) in SCREENSHOTS:
            driver.save_screenshot(os.path.join(artifacts, f"viewer-{case}-step{i + 1}.png"))
    key(driver, Keys.ARROW_RIGHT)  # past the last step: stays
    check(driver.execute_script("return Number(document.body.dataset.step)") == len(steps),
          f"{case}: the right arrow moved past the last step")
    for i in range(len(steps) - 2, max(-1, len(steps) - 5), -1):  # back with the left arrow
        key(driver, Keys.ARROW_LEFT)
        expect_step(driver, trace, i, "dec", case)
    key(driver, Keys.END)
    expect_step(driver, trace, len(steps) - 1, "dec", case)

    # One warp at a time, with the selector: its steps only.
    warps = sorted({(s["block"], s["warp"]) for s in steps})
    if len(warps) > 1:
        block, warp = warps[-1]
        Select(driver.find_element(By.ID, "warp")).select_by_value(f"{block},{warp}")
        key(driver, Keys.HOME)
        own = [i for i, s in enumerate(steps) if (s["block"], s["warp"]) == (block, warp)]
        for n, i in enumerate(own):
            if n:
                key(driver, Keys.ARROW_RIGHT)
            expect_step(driver, trace, i, "dec", case)
        Select(driver.find_element(By.ID, "warp")).select_by_value("all")

    # A lane's history: every step of its warp, with its value.
    lane = len(steps[-1]["lanes"]) - 1 if steps[-1]["lanes"] else 0
    driver.find_element(By.CSS_SELECTOR, f'#lanehead th[data-lane="{lane}"]').click()
    rows = driver.execute_script(
        "return [...document.querySelectorAll('#history tbody tr')].map((tr) => "
        "[...tr.children].map((td) => td.textContent));")
    cur = driver.execute_script("return Number(document.body.dataset.step)")
    block, warp = steps[cur - 1]["block"], steps[cur - 1]["warp"]
    own = [s for s in steps if (s["block"], s["warp"]) == (block, warp)]
    check(len(rows) == len(own), f"{case}: lane {lane}'s history has {len(rows)} rows, its warp {len(own)} steps")
    # A user's kernel's warp: a "passed" column before the value.
    passes = any("in" in s for s in own)
    for row, s in zip(rows, own):
        want = "" if not s["lanes"] else "-" if gone(s, lane) else s["lanes"][lane].get("value", "")
        check(row[0] == str(s["step"]) and row[4 if passes else 3] == want,
              f"{case}: lane {lane}'s history at step {s['step']}: {row}, trace {want!r}")
        if passes:
            passed = next((e["value"] for e in s.get("in", []) if e["lane"] == lane), "")
            check(row[3] == passed, f"{case}: lane {lane}'s history at step {s['step']}: passed {row[3]!r}, "
                  f"trace {passed!r}")
        if "cost" in trace:
            c = next(x for x in trace["cost"]["steps"] if x["step"] == s["step"])
            check(row[5:] == [str(c["cycles"]), str(c["done"]) + (" *" if c["critical"] else "")],
                  f"{case}: lane {lane}'s history at step {s['step']}: cycles {row[5:]}, the JSON says {c}")
    key(driver, Keys.ESCAPE)
    check(not driver.find_element(By.ID, "history").is_displayed(), f"{case}: Esc did not close the history")

    # A link to a step opens at that step; play moves on, pause stops.
    target = min(len(steps), 4)
    driver.get("file://" + html + f"#step={target}")
    expect_step(driver, trace, target - 1, "dec", case)
    if len(steps) >= 6:  # from the first step at 4 steps a second, for about two steps
        Select(driver.find_element(By.ID, "speed")).select_by_value("4")
        key(driver, Keys.HOME)
        key(driver, " ")
        time.sleep(0.6)
        key(driver, " ")
        now = driver.execute_script("return Number(document.body.dataset.step)")
        check(1 < now < len(steps), f"{case}: play went from step 1 to step {now} in 0.6 s at 4 steps a second")
        time.sleep(0.6)
        check(driver.execute_script("return Number(document.body.dataset.step)") == now,
              f"{case}: pause did not stop")

    for entry in driver.get_log("browser"):
        check(False, f"{case}: console: {entry['level']}: {entry['message']}")


def cc_cases(warpsim, tmp):
    """Users' kernels (issue 25): tests/cc/trace/kernels.cu built with warpsim cc, traced with
    WARPSIM_TRACE (the divergent kernel: exited lanes, a read of one; every warp of the butterfly)."""
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cc", "trace")
    exe = os.path.join(tmp, "kernels")
    r = subprocess.run([warpsim, "cc", "kernels.cu", "-o", exe], cwd=here, capture_output=True, text=True)
    if not check(r.returncode == 0, f"warpsim cc kernels.cu: {r.stderr.strip()}"):
        return []
    with open(os.path.join(here, "kernels.cu"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    base = {"exe": exe, "cwd": here, "source_lines": lines}
    return [("cc-diverge", dict(base, env={"WARPSIM_TRACE_KERNEL": "diverge"})),
            ("cc-butterfly", dict(base, env={"WARPSIM_TRACE_KERNEL": "butterfly", "WARPSIM_TRACE_WARPS": "*"}))]


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    warpsim, artifacts = sys.argv[1], sys.argv[2]
    chromium = sys.argv[3] if len(sys.argv) > 3 else "/usr/bin/chromium"
    driver_path = sys.argv[4] if len(sys.argv) > 4 else "/usr/bin/chromedriver"
    for what, path in (("chromium", chromium), ("chromedriver", driver_path)):
        if not os.access(path, os.X_OK):
            print(f"SKIPPED: no {what} at {path}; apt-get install chromium chromium-driver")
            return SKIP
    os.makedirs(artifacts, exist_ok=True)
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--window-size=1600,1000", "--hide-scrollbars"):
        options.add_argument(a)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        driver = webdriver.Chrome(service=Service(driver_path), options=options)
    except WebDriverException as e:
        # Installed but unable to start (no display libraries, ...): a failure, not a skip.
        print(f"FAIL: headless Chromium did not start: {e.msg}")
        return 1
    try:
        print("browser:", driver.capabilities.get("browserVersion"))
        with tempfile.TemporaryDirectory() as tmp:
            for case, args in CASES:
                run_case(driver, warpsim, tmp, artifacts, case, args)
            for case, args in cc_cases(warpsim, tmp):
                run_case(driver, warpsim, tmp, artifacts, case, args)
    finally:
        driver.quit()
    if failures:
        print(f"{len(failures)} checks failed")
        return 1
    print("every check passed; screenshots in", artifacts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
