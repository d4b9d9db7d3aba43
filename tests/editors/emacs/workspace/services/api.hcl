# A service, checked against specs/service.hcldec by the editor's hclspec-rules.
host = "api.internal"
port = "eighty"

