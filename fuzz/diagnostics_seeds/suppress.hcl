# hclspec-ignore: missing-required-argument
task {
  drver = "x" # hclspec-ignore: unsupported-argument, all # why
}
# hclspec-ignore-file: too-many-blocks
