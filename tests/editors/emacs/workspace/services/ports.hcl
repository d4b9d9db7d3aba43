# A service whose check block is generated: read as one when hclspec-dynamic-blocks is on.
host = "ports.internal"

dynamic "check" {
  for_each = ["/health"]
  content {
    path    = check.value
    timeout = 5
  }
}
