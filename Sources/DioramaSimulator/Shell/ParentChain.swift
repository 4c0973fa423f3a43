/// The parents above `start`, nearest first, following `parent` until it
/// returns nil or a node already seen. Costs the chain's length (a set
/// remembers the nodes seen, so a long chain is not searched over again at
/// every step).
///
/// Every parent relation clients set (a subsurface's parent, a popup's
/// parent surface, a toplevel's `set_parent`) is checked for cycles when it
/// is set, so a
/// chain ends by itself; stopping on a repeat as well means a mistake there
/// can never turn a walk into an endless loop that stops the simulator
/// answering anyone (the event loop is single-threaded).
func parentChain<Node: AnyObject>(above start: Node, parent: (Node) -> Node?) -> [Node] {
    var chain: [Node] = []
    var seen: Set<ObjectIdentifier> = [ObjectIdentifier(start)]
    var current = parent(start)
    while let node = current, seen.insert(ObjectIdentifier(node)).inserted {
        chain.append(node)
        current = parent(node)
    }
    return chain
}
