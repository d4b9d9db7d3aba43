# Broken: an unclosed block, a missing value and an unterminated string.
resource "x" "y" {
  a =
  b = "no end
  c = [1, 2,
  nested {
    d = 1
