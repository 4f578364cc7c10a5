# SPDX-License-Identifier: Apache-2.0
"""python/iteragpu_probe against the stand-in torch package of tests/python/standin (a stand-in that mimics the
counters, never a measurement): the phases' six steps, out of memory, the missing GPU and the missing PyTorch
(exit code 2, nothing written), the refusal to overwrite, the stream, Ctrl+C, and that `iteragpu explain` (the
C++ reader, readResultFile) accepts the file written.

Environment (set by ctest): ITERAGPU_CLI, the iteragpu executable; the probe's folder is what
`iteragpu probe --path` prints (the build tree's copy).
"""

import io
import json
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
STANDIN = os.path.join(HERE, "standin")
CLI = os.environ.get("ITERAGPU_CLI", "")
MIB = 1024 * 1024


def probe_folder():
    out = subprocess.run([CLI, "probe", "--path"], capture_output=True, text=True, timeout=60)
    if out.returncode != 0:
        raise RuntimeError("iteragpu probe --path failed: " + out.stderr)
    return out.stdout.strip()


class ProbeTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not CLI or not os.access(CLI, os.X_OK):
            raise unittest.SkipTest("ITERAGPU_CLI does not name the iteragpu executable")
        cls.folder = probe_folder()

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def run_script(self, body, pythonpath=None, env=None, args=()):
        script = os.path.join(self.dir, "job.py")
        with open(script, "w") as f:
            f.write(textwrap.dedent(body))
        e = dict(os.environ)
        e.pop("ITERAGPU_PROBE_SOCKET", None)
        e["PYTHONPATH"] = os.pathsep.join(pythonpath if pythonpath is not None else [self.folder, STANDIN])
        e.update(env or {})
        return subprocess.run([sys.executable, script] + list(args), cwd=self.dir, env=e, capture_output=True,
                              text=True, timeout=120)

    def load(self, name="run.json"):
        with open(os.path.join(self.dir, name)) as f:
            return json.load(f)

    def explain(self, name="run.json", *extra):
        return subprocess.run([CLI, "explain", os.path.join(self.dir, name)] + list(extra), capture_output=True,
                              text=True, timeout=60)

    def test_probe_path_is_the_build_trees_copy(self):
        self.assertTrue(os.path.isfile(os.path.join(self.folder, "iteragpu_probe", "__init__.py")), self.folder)

    def test_phases_follow_the_protocol(self):
        out = self.run_script("""
            import time, torch
            assert torch.STANDIN
            from iteragpu_probe import Probe
            probe = Probe("run.json", sampling_hz=200)
            with probe.phase("model_load", inputs="weights 100 MiB"):
                weights = torch.cuda.standin_alloc(100 * 2**20)
                time.sleep(0.2)
            with probe.phase("prefill", inputs="x [4, 128]", batch=4, tokens=128):
                activation = torch.cuda.standin_alloc(30 * 2**20 + 1)
                del activation
                time.sleep(0.05)
            probe.close()
            print("done")
            """, env={"PYTORCH_CUDA_ALLOC_CONF": "expandable_segments:True"})
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertIn("done", out.stdout)
        d = self.load()
        self.assertEqual(d["schema"], "iteragpu.measure/2")
        self.assertFalse(d["simulated"])
        self.assertEqual(d["config"]["workload"], "script")
        self.assertIsNone(d["config"]["batch"])
        self.assertEqual(d["workload"]["kind"], "script")
        self.assertTrue(d["workload"]["script"].endswith("job.py"))
        self.assertIn("iteragpu_probe", d["workload"]["measured_by"])
        self.assertIn("0.0+standin", d["workload"]["measured_by"])
        self.assertEqual(d["environment"]["backend"], "cuda")
        self.assertEqual(d["environment"]["device"]["name"], "Stand-in device (not a GPU)")
        self.assertEqual(d["environment"]["allocator"]["settings"], "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True")
        self.assertEqual(d["trial_order"], ["model_load", "prefill"])
        self.assertTrue(d["completed"])
        load, prefill = d["phases"]
        self.assertEqual(load["status"], "ok")
        self.assertEqual(load["baseline"], {"allocated": 0, "reserved": 0})
        self.assertEqual(load["peak"], {"allocated": 100 * MIB, "reserved": 100 * MIB})
        self.assertEqual(load["final"], {"allocated": 100 * MIB, "reserved": 100 * MIB})
        self.assertFalse(load["out_of_memory"])
        self.assertEqual(load["inputs"], "weights 100 MiB")
        # The device-level reading is the stand-in's mem_get_info: total less free, beside (never added to) the
        # allocator's counters.
        self.assertEqual(load["device_level"]["after"]["total"], 1024 ** 3)
        self.assertEqual(load["device_level"]["after"]["used"], 300 * MIB + 100 * MIB)
        self.assertGreater(load["samples"]["count"], 5)  # 0.2 s at 200 Hz
        self.assertEqual(load["samples"]["allocated"][-1], 100 * MIB)
        self.assertEqual(prefill["dimensions"], {"batch": 4, "tokens": 128})
        # 30 MiB + 1 byte is rounded to 512 bytes; the segment grows by 2 MiB steps: 32 MiB more reserved.
        self.assertEqual(prefill["baseline"], {"allocated": 100 * MIB, "reserved": 100 * MIB})
        self.assertEqual(prefill["peak"], {"allocated": 130 * MIB + 512, "reserved": 132 * MIB})
        self.assertEqual(prefill["final"], {"allocated": 100 * MIB, "reserved": 132 * MIB})
        self.assertLessEqual(prefill["start_seconds"], prefill["end_seconds"])
        self.assertGreaterEqual(prefill["start_seconds"], load["end_seconds"])
        self.assertEqual(len(prefill["samples"]["t"]), prefill["samples"]["count"])
        self.assertTrue(all(a <= 130 * MIB + 512 for a in prefill["samples"]["allocated"]))
        explained = self.explain()
        self.assertEqual(explained.returncode, 0, explained.stderr)
        self.assertIn("script", explained.stdout)
        self.assertIn("measured from inside by iteragpu_probe", explained.stdout)
        as_json = self.explain("run.json", "--all", "--json")
        self.assertEqual(as_json.returncode, 0, as_json.stderr)
        ledgers = json.loads(as_json.stdout)["ledgers"]
        self.assertEqual(len(ledgers), 2)

    def test_out_of_memory_is_a_result_and_the_run_goes_on(self):
        out = self.run_script("""
            import torch
            from iteragpu_probe import Probe
            probe = Probe("run.json")
            with probe.phase("model_load"):
                weights = torch.cuda.standin_alloc(200 * 2**20)
            with probe.phase("prefill"):
                too_much = torch.cuda.standin_alloc(2**30)
                print("not reached")
            print("after", probe.out_of_memory)
            with probe.phase("decode"):
                step = torch.cuda.standin_alloc(2**20)
            probe.close()
            """, env={"ITERAGPU_STANDIN_CAPACITY": str(1024 ** 3)})
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertNotIn("not reached", out.stdout)
        self.assertIn("after True", out.stdout)
        d = self.load()
        self.assertFalse(d["completed"])
        self.assertIn("prefill", d["error"])
        load, prefill, decode = d["phases"]
        self.assertEqual(prefill["status"], "failed")
        self.assertTrue(prefill["out_of_memory"])
        self.assertIn("OutOfMemoryError", prefill["error"])
        self.assertEqual(prefill["peak"]["allocated"], 200 * MIB)  # nothing was allocated
        self.assertEqual(decode["status"], "ok")
        self.assertFalse(decode["out_of_memory"])
        explained = self.explain()
        self.assertEqual(explained.returncode, 0, explained.stderr)

    def test_other_errors_are_recorded_and_raised(self):
        out = self.run_script("""
            from iteragpu_probe import Probe
            probe = Probe("run.json")
            with probe.phase("model_load"):
                raise ValueError("a bug in the program")
            """)
        self.assertEqual(out.returncode, 1)
        self.assertIn("ValueError: a bug in the program", out.stderr)
        phase = self.load()["phases"][0]  # written at exit
        self.assertEqual(phase["status"], "failed")
        self.assertFalse(phase["out_of_memory"])
        self.assertEqual(phase["error"], "ValueError: a bug in the program")

    def test_keyboard_interrupt_keeps_what_was_measured(self):
        out = self.run_script("""
            import torch
            from iteragpu_probe import Probe
            probe = Probe("run.json")
            with probe.phase("model_load"):
                weights = torch.cuda.standin_alloc(2**20)
            with probe.phase("train_step"):
                raise KeyboardInterrupt
            """)
        self.assertNotEqual(out.returncode, 0)
        d = self.load()
        self.assertTrue(d["cancelled"])
        self.assertFalse(d["completed"])
        self.assertEqual([p["status"] for p in d["phases"]], ["ok", "failed"])
        self.assertIn("interrupted", d["phases"][1]["error"])

    def test_no_gpu_exits_2_and_writes_nothing(self):
        out = self.run_script("""
            from iteragpu_probe import Probe
            probe = Probe("run.json")
            print("not reached")
            """, env={"ITERAGPU_STANDIN_GPU": "0"})
        self.assertEqual(out.returncode, 2)
        self.assertNotIn("not reached", out.stdout)
        self.assertIn("no GPU", out.stderr)
        self.assertEqual(os.listdir(self.dir), ["job.py"])

    def test_no_pytorch_exits_2_and_writes_nothing(self):
        # This machine's python3 may have no torch at all; a package that refuses to import stands for that either
        # way, so the test does not depend on what is installed.
        missing = os.path.join(self.dir, "missing")
        os.makedirs(os.path.join(missing, "torch"))
        with open(os.path.join(missing, "torch", "__init__.py"), "w") as f:
            f.write("raise ImportError('stand-in: PyTorch is not installed')\n")
        out = self.run_script("""
            from iteragpu_probe import Probe
            Probe("run.json")
            """, pythonpath=[self.folder, missing])
        self.assertEqual(out.returncode, 2)
        self.assertIn("PyTorch is not installed", out.stderr)
        self.assertFalse(os.path.exists(os.path.join(self.dir, "run.json")))

    def test_an_existing_file_is_never_overwritten(self):
        path = os.path.join(self.dir, "run.json")
        with open(path, "w") as f:
            f.write("keep me")
        out = self.run_script("""
            from iteragpu_probe import Probe
            Probe("run.json")
            """)
        self.assertEqual(out.returncode, 3)
        self.assertIn("exists", out.stderr)
        with open(path) as f:
            self.assertEqual(f.read(), "keep me")
        # A file that appears while the program runs is refused too, and left as it is.
        out = self.run_script("""
            from iteragpu_probe import Probe
            probe = Probe("late.json")
            with open("late.json", "w") as f:
                f.write("someone else's")
            try:
                probe.close()
            except OSError as e:
                print("refused:", e)
            """)
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertIn("refused: the output file late.json exists", out.stdout)
        with open(os.path.join(self.dir, "late.json")) as f:
            self.assertEqual(f.read(), "someone else's")
        self.assertEqual(sorted(os.listdir(self.dir)), ["job.py", "late.json", "run.json"])  # no temporary left

    def test_the_stream_has_the_shape_of_measure_stream(self):
        out = self.run_script("""
            import io, sys, time, torch
            from iteragpu_probe import Probe
            lines = io.StringIO()
            probe = Probe(stream=lines, sampling_hz=100)
            with probe.phase("model_load"):
                w = torch.cuda.standin_alloc(2**20)
                time.sleep(0.1)
            probe.close()
            sys.stdout.write(lines.getvalue())
            """)
        self.assertEqual(out.returncode, 0, out.stderr)
        events = [json.loads(line) for line in out.stdout.splitlines()]
        kinds = [e["event"] for e in events]
        self.assertEqual(kinds[0], "run_started")
        self.assertEqual(kinds[-1], "run_finished")
        self.assertIn("samples", kinds)
        self.assertLess(kinds.index("phase_started"), kinds.index("phase_finished"))
        self.assertTrue(all(e["simulated"] is False and e["run_id"] == events[0]["run_id"] for e in events))
        finished = [e for e in events if e["event"] == "phase_finished"][0]["phase"]
        self.assertNotIn("samples", finished)
        self.assertEqual(finished["peak"]["allocated"], MIB)
        last = events[-1]
        self.assertTrue(last["completed"])
        self.assertEqual(last["result"]["phases"][0]["peak"]["allocated"], MIB)
        sample = [e for e in events if e["event"] == "samples"][0]["samples"][0]
        self.assertEqual(set(sample), {"t", "allocated", "reserved", "device_used", "phase"})
        self.assertEqual(os.listdir(self.dir), ["job.py"])  # no path: no file

    def test_sampling_rate_is_clamped_like_the_native_sampler(self):
        sys.path.insert(0, self.folder)
        try:
            import iteragpu_probe
        finally:
            sys.path.remove(self.folder)
        self.assertEqual(iteragpu_probe.clamp_sampling_hz(1e9), 10000.0)
        self.assertEqual(iteragpu_probe.clamp_sampling_hz(1), 10.0)
        self.assertEqual(iteragpu_probe.clamp_sampling_hz(float("nan")), iteragpu_probe.DEFAULT_SAMPLING_HZ)
        self.assertEqual(iteragpu_probe.clamp_sampling_hz(250), 250.0)

    def test_peak_buckets_keep_the_spike(self):
        sys.path.insert(0, self.folder)
        try:
            import iteragpu_probe
        finally:
            sys.path.remove(self.folder)
        buckets = iteragpu_probe._PeakBuckets(8)
        for i in range(1000):
            buckets.add(i * 0.001, 7777 if i == 501 else 10, 20, None)
        j = buckets.to_json()
        self.assertLessEqual(j["count"], 8)
        self.assertEqual(j["count"] + j["thinned"], 1000)
        self.assertEqual(max(j["allocated"]), 7777)
        self.assertEqual(j["device_used"], [None] * j["count"])


if __name__ == "__main__":
    unittest.main()
