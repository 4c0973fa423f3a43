/// The parents above `start`, nearest first, following `parent` until it
/// returns nil or a node already seen.
///
/// Both parent relations the shell keeps (a popup's parent surface, a
/// toplevel's `set_parent`) are checked for cycles when they are set, so a
/// chain ends by itself; stopping on a repeat as well means a mistake there
/// can never turn a walk into an endless loop that stops the simulator
/// answering anyone (the event loop is single-threaded).
func parentChain<Node: AnyObject>(above start: Node, parent: (Node) -> Node?) -> [Node] {
    var chain: [Node] = []
    var current = parent(start)
    while let node = current, node !== start, !chain.contains(where: { $0 === node }) {
        chain.append(node)
        current = parent(node)
    }
    return chain
}
