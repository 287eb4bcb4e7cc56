// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title Gold Rupiah Token (demo)
/// @notice The back office's demo token: an 18-decimal ERC-20 whose supply is minted when a
///         customer buys gold and burned when physical gold is redeemed. Only the owner (the
///         platform) mints and burns; burning takes the redeemed tokens from the customer's
///         wallet without an allowance, as a custodial platform does. Local demo chain only.
contract GoldToken is ERC20, Ownable {
    constructor(address initialOwner) ERC20("Gold Rupiah Token", "GIDR") Ownable(initialOwner) {}

    /// @notice Creates `amount` base units in `to` (a purchase).
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }

    /// @notice Destroys `amount` base units held by `from` (a redemption).
    function burn(address from, uint256 amount) external onlyOwner {
        _burn(from, amount);
    }
}
