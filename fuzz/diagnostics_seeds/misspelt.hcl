/* hclspec-ignore: unsuported-argument */
name = 1
group "a" {}
group "a" { count = "x" }
// hclspec-ignore:
