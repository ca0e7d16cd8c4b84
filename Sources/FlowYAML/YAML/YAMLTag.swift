/// The tags of the YAML core schema, in the long form libyaml reports them.
enum YAMLTag {
    static let prefix = "tag:yaml.org,2002:"
    static let null = prefix + "null"
    static let bool = prefix + "bool"
    static let int = prefix + "int"
    static let float = prefix + "float"

    /// `!!int` for `tag:yaml.org,2002:int`; other tags unchanged.
    static func shortName(_ tag: String) -> String {
        tag.hasPrefix(prefix) ? "!!" + tag.dropFirst(prefix.count) : tag
    }
}
