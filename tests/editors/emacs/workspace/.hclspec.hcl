# The project's rules: jobs are checked against the job spec (services get theirs from the
# editor's hclspec-rules).
rule {
  files = ["jobs/*.hcl"]
  spec  = "specs/job.hcldec"
}
