// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title A token of any decimals for tests and benchmarks (never deployed outside a local anvil)
/// @notice OpenZeppelin's ERC20 with its decimals set at deployment (e.g. 6, as USDC), owner-only
///         mint and burn like the demo token, and mintMany: `count` mints in one transaction, so
///         a benchmark can make a million Transfer logs in a few thousand transactions.
contract TestToken is ERC20, Ownable {
    uint8 private immutable _decimals;

    constructor(string memory name_, string memory symbol_, uint8 decimals_, address initialOwner)
        ERC20(name_, symbol_)
        Ownable(initialOwner)
    {
        _decimals = decimals_;
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }

    function burn(address from, uint256 amount) external onlyOwner {
        _burn(from, amount);
    }

    /// @notice `count` mints of `amount` to `to`: one Transfer log each.
    function mintMany(address to, uint256 amount, uint256 count) external onlyOwner {
        for (uint256 i = 0; i < count; i++) {
            _mint(to, amount);
        }
    }
}
