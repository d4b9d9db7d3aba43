#!/usr/bin/env python3
"""Writes a Nomad-like job file of about SIZE megabytes that conforms to bench/nomad.hcldec.

usage: bench/make_nomad_input.py SIZE_MB OUTPUT
"""
import sys

JOB = '''job "job-{j}" {{
  datacenters = ["dc1", "dc2"]
  type        = "service"
  priority    = {priority}

{groups}}}

'''

GROUP = '''  group "group-{g}" {{
    count = {count}

    restart {{
      attempts = 3
      interval = "5m"
      mode     = "delay"
    }}

{tasks}  }}

'''

TASK = '''    task "task-{t}" {{
      driver = "docker"

      env {{
        REGION  = "eu-west-${{1 + {t}}}"
        VERSION = "1.{t}.0"
      }}

      config {{
        image = "registry.example.com/app-{t}:latest"
        args  = ["--port", "${{8000 + {t}}}", "--verbose"]
        ports = ["http", "metrics"]
      }}

      resources {{
        cpu    = {cpu}
        memory = {memory}
      }}

      service {{
        name = "app-{t}"
        port = "http"
        tags = ["web", "v{t}"]
      }}
    }}

'''


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip())
    target = float(sys.argv[1]) * 1_000_000
    written = 0
    j = 0
    with open(sys.argv[2], "w") as out:
        while written < target:
            groups = ""
            for g in range(3):
                tasks = "".join(TASK.format(t=t, cpu=100 * (t + 1), memory=128 * (t + 1))
                                for t in range(4))
                groups += GROUP.format(g=g, count=g + 1, tasks=tasks)
            text = JOB.format(j=j, priority=50 + j % 50, groups=groups)
            out.write(text)
            written += len(text)
            j += 1
    print(f"wrote {written} bytes, {j} jobs, to {sys.argv[2]}")


main()
