# Blocks with labels, nested bodies, one-line blocks and comments.
service "web" "primary" {
  port    = 8080
  enabled = true
  tags    = ["a", "b", null]

  check {
    interval = "10s" // line comment
    /* block comment */
    timeout = 2.5e1
  }
  empty {}
  inline { kind = "one-line" }
}
