# A deployment checked by the client's rule (hclspec.rules), with no modeline or .hclspec.hcl.
name     = "rocket 🚀"
replicas = "three"

container "🚀 launcher" "extra" {
  image = "launcher:1"
}

container "api" {
  imgae = "api:2"
}
