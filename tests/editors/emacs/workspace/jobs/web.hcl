# A job, checked against specs/job.hcldec by the rule in .hclspec.hcl.
name  = "web"
count = "two"
task "café ☕ 🚀" { drver = "docker" }
task "api" {
  driver = "exec"

}
