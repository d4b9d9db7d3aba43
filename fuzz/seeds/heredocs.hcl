# Heredocs: plain and indented, with templates inside.
script = <<EOT
#!/bin/sh
echo "${var.message}"
%{ for s in var.steps }
run ${s}
%{ endfor }
EOT

policy = <<-JSON
    {
      "Version": "2012-10-17",
      "Count": ${length(var.list)}
    }
    JSON
