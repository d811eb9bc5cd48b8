/// `n` and its noun, singular for one: "1 key", "3 keys"; `plural` for a
/// noun that does not take an s ("1 child", "2 children").
func counted(_ n: Int, _ noun: String, plural: String? = nil) -> String {
    "\(n) \(n == 1 ? noun : plural ?? noun + "s")"
}
